--> statement-breakpoint
-- Live updates for the chat (appended to the chat tables' migration at merge; functions from the
-- live_triggers migration): a message or announcement posted, edited, pinned or deleted tells the
-- group's open chat screens to refetch.
CREATE TRIGGER live_group_messages AFTER INSERT OR UPDATE OR DELETE ON group_messages
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed('messages');
--> statement-breakpoint
CREATE TRIGGER live_group_announcements AFTER INSERT OR UPDATE OR DELETE ON group_announcements
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed('announcements');
--> statement-breakpoint
CREATE TRIGGER live_group_communication_settings AFTER INSERT OR UPDATE OR DELETE ON group_communication_settings
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
