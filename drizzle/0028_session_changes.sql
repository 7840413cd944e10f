-- The session cache (features/auth/session-cache.ts, issue 18): every instance keeps who a session
-- belongs to for a few seconds, and must forget it the moment the session ends or its person changes,
-- whichever instance or statement made the change. A NOTIFY on 'savecircle_sessions' with the user's
-- id, sent by PostgreSQL on commit and dropped on rollback, reaches every instance's listener.
CREATE OR REPLACE FUNCTION sessions_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('savecircle_sessions', (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sessions_person_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('savecircle_sessions', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A session ended (logout, another device signed out, password reset, the sweep) or was changed other
-- than by the last-seen touch, which the cache checks itself.
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_user_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION sessions_user_changed();
--> statement-breakpoint
-- The person changed (name, email, operator flag, bank details, language...) or was deleted.
CREATE TRIGGER sessions_person_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION sessions_person_changed();
