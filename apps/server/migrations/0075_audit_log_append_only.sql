-- The audit log is append-only and kept at least a year (issue 15, decision 033).
--
-- 1. Times to the millisecond, like events (0060): the list's cursor carries created_at as ISO
--    8601, which has milliseconds, so a row's place must be exactly what its cursor says. Done by
--    a trigger so that every writer (recordAudit, the API-key use in plugins/auth.ts, any later
--    one) gets it without knowing.
CREATE FUNCTION audit_events_at_millisecond() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.created_at := date_trunc('milliseconds', NEW.created_at);
  RETURN NEW;
END;
$$;
CREATE TRIGGER audit_events_at_millisecond BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_at_millisecond();
UPDATE audit_events SET created_at = date_trunc('milliseconds', created_at)
  WHERE created_at <> date_trunc('milliseconds', created_at);

-- 2. No UPDATE, no DELETE, no TRUNCATE, except:
--    - deleting lines older than a year (housekeeping deletes them after 400 days);
--    - what the foreign keys themselves do: forgetting a deleted user or API key (SET NULL, with
--      nothing else changed) and removing a deleted organisation's lines (CASCADE). Both run as
--      triggers of the referenced table, so they arrive nested (pg_trigger_depth() > 1).
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.created_at < now() - interval '1 year' THEN
      RETURN OLD;
    END IF;
    IF pg_trigger_depth() > 1 AND NOT EXISTS (SELECT 1 FROM organisations WHERE id = OLD.organisation_id) THEN
      RETURN OLD;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF pg_trigger_depth() > 1
       AND NEW.id = OLD.id AND NEW.organisation_id = OLD.organisation_id AND NEW.action = OLD.action
       AND NEW.detail = OLD.detail AND NEW.created_at = OLD.created_at
       AND (NEW.actor_user_id IS NOT DISTINCT FROM OLD.actor_user_id OR NEW.actor_user_id IS NULL)
       AND (NEW.api_key_id IS NOT DISTINCT FROM OLD.api_key_id OR NEW.api_key_id IS NULL) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();

-- 3. The audit log's filters: by action within an organisation, newest first (the time range and
--    actor filters ride on the organisation index of 0057, with id as the tie-breaker).
DROP INDEX IF EXISTS audit_events_organisation_idx;
CREATE INDEX audit_events_organisation_idx ON audit_events (organisation_id, created_at DESC, id DESC);
CREATE INDEX audit_events_organisation_action_idx ON audit_events (organisation_id, action, created_at DESC, id DESC);
CREATE INDEX audit_events_created_idx ON audit_events (created_at);
