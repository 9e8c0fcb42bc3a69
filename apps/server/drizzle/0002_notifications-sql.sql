-- Change detection for live notifications (issue 4, docs/product.md §D.5): every insert, update and delete of a
-- notification calls pg_notify with ids only (payload far below the 8000-byte limit and the 1 KB budget),
-- so every server process LISTENing on the channel can push the change to that user's open streams,
-- whichever process (or plain SQL) made it. The notification is delivered when the transaction commits.
CREATE OR REPLACE FUNCTION "notifications_notify_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('notifications_changed',
      json_build_object('uid', OLD.uid, 'userId', OLD.user_id, 'op', 'delete')::text);
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    -- Moved to another user: it disappears for the previous owner.
    PERFORM pg_notify('notifications_changed',
      json_build_object('uid', OLD.uid, 'userId', OLD.user_id, 'op', 'delete')::text);
  END IF;
  PERFORM pg_notify('notifications_changed',
    json_build_object('uid', NEW.uid, 'userId', NEW.user_id, 'op', lower(TG_OP))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_notify_change"
AFTER INSERT OR UPDATE OR DELETE ON "notifications"
FOR EACH ROW EXECUTE FUNCTION "notifications_notify_change"();
--> statement-breakpoint
-- TRUNCATE fires no row triggers: tell every process to resend full snapshots instead.
CREATE OR REPLACE FUNCTION "notifications_notify_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications_changed', json_build_object('op', 'truncate')::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_notify_truncate"
AFTER TRUNCATE ON "notifications"
FOR EACH STATEMENT EXECUTE FUNCTION "notifications_notify_truncate"();
