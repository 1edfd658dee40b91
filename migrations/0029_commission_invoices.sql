CREATE TABLE "commission_document_series" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "commission_document_series_kind_financial_year_pk" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "commission_document_series_kind_check" CHECK ("commission_document_series"."kind" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "commission_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"month" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"reference" text NOT NULL,
	"issued_on" date NOT NULL,
	"parties" jsonb NOT NULL,
	"sac_code" text NOT NULL,
	"gst_rate_bp" integer NOT NULL,
	"place_of_supply_state" text,
	"intra_state" boolean NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_documents_kind_check" CHECK ("commission_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "commission_documents_month_check" CHECK ("commission_documents"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "commission_documents_total_check" CHECK ("commission_documents"."taxable_paise" > 0 and "commission_documents"."cgst_paise" >= 0 and "commission_documents"."sgst_paise" >= 0 and "commission_documents"."igst_paise" >= 0 and "commission_documents"."taxable_paise" + "commission_documents"."cgst_paise" + "commission_documents"."sgst_paise" + "commission_documents"."igst_paise" = "commission_documents"."total_paise")
);
--> statement-breakpoint
CREATE TABLE "commission_months" (
	"vendor_user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_months_vendor_user_id_month_pk" PRIMARY KEY("vendor_user_id","month")
);
--> statement-breakpoint
CREATE TABLE "haat_tax_identity" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"gstin" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "haat_tax_identity_single_row" CHECK ("haat_tax_identity"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "vendor_ledger" DROP CONSTRAINT "vendor_ledger_type_check";--> statement-breakpoint
ALTER TABLE "commission_documents" ADD CONSTRAINT "commission_documents_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_months" ADD CONSTRAINT "commission_months_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_documents_reference_unique" ON "commission_documents" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_documents_series_unique" ON "commission_documents" USING btree ("kind","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_documents_number_unique" ON "commission_documents" USING btree ("number");--> statement-breakpoint
CREATE INDEX "commission_documents_vendor_idx" ON "commission_documents" USING btree ("vendor_user_id","issued_on");--> statement-breakpoint
CREATE INDEX "commission_documents_month_idx" ON "commission_documents" USING btree ("month");--> statement-breakpoint
ALTER TABLE "vendor_ledger" ADD CONSTRAINT "vendor_ledger_type_check" CHECK ("vendor_ledger"."entry_type" in ('sale', 'released', 'reversed', 'payout', 'payout_cancelled', 'cod_collected', 'returned', 'tds_kept', 'tds_adjusted', 'tds_exempt', 'tds_catch_up', 'commission_gst', 'commission_gst_credit'));--> statement-breakpoint
-- hand-written:
-- Haat's commission invoices and credit notes are issued once and never changed or removed.
CREATE TRIGGER commission_documents_issued_once BEFORE UPDATE OR DELETE ON commission_documents FOR EACH ROW EXECUTE FUNCTION haat_refuse_settlement_change();
--> statement-breakpoint
CREATE TRIGGER commission_documents_no_truncate BEFORE TRUNCATE ON commission_documents FOR EACH STATEMENT EXECUTE FUNCTION haat_refuse_settlement_change();
