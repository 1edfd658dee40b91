CREATE TABLE "document_pdf_renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"document_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_pdf_renders_source_check" CHECK ("document_pdf_renders"."source" in ('tax', 'commission'))
);
--> statement-breakpoint
ALTER TABLE "commission_documents" ADD COLUMN "pdf_key" text;--> statement-breakpoint
ALTER TABLE "commission_documents" ADD COLUMN "pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "pdf_key" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "pdf_sha256" text;--> statement-breakpoint
CREATE UNIQUE INDEX "document_pdf_renders_document_unique" ON "document_pdf_renders" USING btree ("source","document_id");--> statement-breakpoint
CREATE INDEX "document_pdf_renders_due_idx" ON "document_pdf_renders" USING btree ("next_attempt_at");--> statement-breakpoint
ALTER TABLE "commission_documents" ADD CONSTRAINT "commission_documents_pdf_check" CHECK (("commission_documents"."pdf_key" is null) = ("commission_documents"."pdf_sha256" is null));--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_pdf_check" CHECK (("tax_documents"."pdf_key" is null) = ("tax_documents"."pdf_sha256" is null));--> statement-breakpoint
-- hand-written:
-- Tax documents and commission documents stay issued once: never removed, never changed, except that
-- their PDF's key and SHA-256 are set once, from nothing, when the PDF is rendered (every other column as it was).
CREATE OR REPLACE FUNCTION haat_documents_pdf_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.pdf_sha256 IS NULL AND OLD.pdf_key IS NULL AND NEW.pdf_sha256 IS NOT NULL AND NEW.pdf_key IS NOT NULL
     AND (to_jsonb(NEW) - 'pdf_key' - 'pdf_sha256') = (to_jsonb(OLD) - 'pdf_key' - 'pdf_sha256') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is written once: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
DROP TRIGGER tax_documents_issued_once ON tax_documents;
--> statement-breakpoint
CREATE TRIGGER tax_documents_issued_once BEFORE DELETE ON tax_documents FOR EACH ROW EXECUTE FUNCTION haat_refuse_settlement_change();
--> statement-breakpoint
CREATE TRIGGER tax_documents_pdf_once BEFORE UPDATE ON tax_documents FOR EACH ROW EXECUTE FUNCTION haat_documents_pdf_once();
--> statement-breakpoint
DROP TRIGGER commission_documents_issued_once ON commission_documents;
--> statement-breakpoint
CREATE TRIGGER commission_documents_issued_once BEFORE DELETE ON commission_documents FOR EACH ROW EXECUTE FUNCTION haat_refuse_settlement_change();
--> statement-breakpoint
CREATE TRIGGER commission_documents_pdf_once BEFORE UPDATE ON commission_documents FOR EACH ROW EXECUTE FUNCTION haat_documents_pdf_once();
