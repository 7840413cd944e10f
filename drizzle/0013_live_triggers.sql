-- Live updates (docs/decisions/0025-live-updates.md): every change a member's open screens should
-- hear of raises a NOTIFY on 'savecircle_live', sent by PostgreSQL on commit and dropped on rollback.
-- The payload says what changed (a group or a user, and a topic), never the data: screens refetch
-- through the normal, access-checked reads. PostgreSQL folds identical payloads within one
-- transaction, so a bulk update sends one event per group. Shape: src/shared/schemas/live.ts.

-- A row of a table with a group_id changed: its group's pages refetch (topic from the trigger's
-- argument, 'group' by default). A row moved to another group tells both.
CREATE OR REPLACE FUNCTION live_group_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  topic text := coalesce(TG_ARGV[0], 'group');
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('savecircle_live',
      json_build_object('scope', 'group', 'groupId', OLD.group_id, 'topic', topic)::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('savecircle_live',
      json_build_object('scope', 'group', 'groupId', NEW.group_id, 'topic', topic)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The groups table itself (its key is id).
CREATE OR REPLACE FUNCTION live_group_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('savecircle_live', json_build_object('scope', 'group', 'groupId',
    CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END, 'topic', 'group')::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A membership joined, left or changed role: the group's pages refetch, and the member's list of
-- groups (their open streams reload the groups they may hear of, and close if one was lost).
CREATE OR REPLACE FUNCTION live_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The member's event first: their streams reload their groups before hearing the group's event,
  -- so one just removed does not hear of the group again.
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('savecircle_live',
      json_build_object('scope', 'user', 'userId', OLD.user_id, 'topic', 'groups')::text);
    PERFORM pg_notify('savecircle_live',
      json_build_object('scope', 'group', 'groupId', OLD.group_id, 'topic', 'group')::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('savecircle_live',
      json_build_object('scope', 'user', 'userId', NEW.user_id, 'topic', 'groups')::text);
    PERFORM pg_notify('savecircle_live',
      json_build_object('scope', 'group', 'groupId', NEW.group_id, 'topic', 'group')::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A notification arrived or was read: that user's bell refetches.
CREATE OR REPLACE FUNCTION live_notification_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('savecircle_live', json_build_object('scope', 'user', 'userId',
    CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END, 'topic', 'notifications')::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An approval of a pending action carries no group_id: its action's group refetches.
CREATE OR REPLACE FUNCTION live_approval_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('savecircle_live', json_build_object('scope', 'group', 'groupId', a.group_id,
    'topic', 'group')::text)
  FROM pending_actions a
  WHERE a.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.action_id ELSE NEW.action_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER live_groups AFTER INSERT OR UPDATE OR DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION live_group_changed();
--> statement-breakpoint
CREATE TRIGGER live_group_members AFTER INSERT OR UPDATE OR DELETE ON group_members
  FOR EACH ROW EXECUTE FUNCTION live_member_changed();
--> statement-breakpoint
CREATE TRIGGER live_notifications AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION live_notification_changed();
--> statement-breakpoint
CREATE TRIGGER live_pending_action_approvals AFTER INSERT OR UPDATE OR DELETE ON pending_action_approvals
  FOR EACH ROW EXECUTE FUNCTION live_approval_changed();
--> statement-breakpoint
CREATE TRIGGER live_cycles AFTER INSERT OR UPDATE OR DELETE ON cycles
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
--> statement-breakpoint
CREATE TRIGGER live_contributions AFTER INSERT OR UPDATE OR DELETE ON contributions
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
--> statement-breakpoint
CREATE TRIGGER live_payouts AFTER INSERT OR UPDATE OR DELETE ON payouts
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
--> statement-breakpoint
CREATE TRIGGER live_default_penalties AFTER INSERT OR UPDATE OR DELETE ON default_penalties
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
--> statement-breakpoint
CREATE TRIGGER live_payment_reminders AFTER INSERT OR UPDATE OR DELETE ON payment_reminders
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
--> statement-breakpoint
CREATE TRIGGER live_group_applications AFTER INSERT OR UPDATE OR DELETE ON group_applications
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
--> statement-breakpoint
CREATE TRIGGER live_payment_schedules AFTER INSERT OR UPDATE OR DELETE ON payment_schedules
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
--> statement-breakpoint
CREATE TRIGGER live_bank_debits AFTER INSERT OR UPDATE OR DELETE ON bank_debits
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
--> statement-breakpoint
CREATE TRIGGER live_group_safeguards AFTER INSERT OR UPDATE OR DELETE ON group_safeguards
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
--> statement-breakpoint
CREATE TRIGGER live_pending_actions AFTER INSERT OR UPDATE OR DELETE ON pending_actions
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
--> statement-breakpoint
CREATE TRIGGER live_escrow_disputes AFTER INSERT OR UPDATE OR DELETE ON escrow_disputes
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
--> statement-breakpoint
-- The chat (tables from 0011_chat): a message or announcement posted, edited, pinned or deleted tells the
-- group's open chat screens to refetch.
CREATE TRIGGER live_group_messages AFTER INSERT OR UPDATE OR DELETE ON group_messages
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed('messages');
--> statement-breakpoint
CREATE TRIGGER live_group_announcements AFTER INSERT OR UPDATE OR DELETE ON group_announcements
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed('announcements');
--> statement-breakpoint
CREATE TRIGGER live_group_communication_settings AFTER INSERT OR UPDATE OR DELETE ON group_communication_settings
  FOR EACH ROW EXECUTE FUNCTION live_group_row_changed();
