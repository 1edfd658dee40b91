-- The audit log is append-only: the database itself refuses to change or remove an entry.
CREATE OR REPLACE FUNCTION haat_refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'system_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER system_logs_append_only BEFORE UPDATE OR DELETE ON system_logs FOR EACH ROW EXECUTE FUNCTION haat_refuse_audit_change();
--> statement-breakpoint
CREATE TRIGGER system_logs_no_truncate BEFORE TRUNCATE ON system_logs FOR EACH STATEMENT EXECUTE FUNCTION haat_refuse_audit_change();
