ALTER TABLE "tax_document_series" DROP CONSTRAINT "tax_document_series_kind_check";--> statement-breakpoint
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_kind_check";--> statement-breakpoint
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_credit_check";--> statement-breakpoint
ALTER TABLE "vendor_payout_details" ADD COLUMN "enrolment_number" text;--> statement-breakpoint
ALTER TABLE "tax_document_series" ADD CONSTRAINT "tax_document_series_kind_check" CHECK ("tax_document_series"."kind" in ('invoice', 'bill_of_supply', 'credit_note'));--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_bill_of_supply_check" CHECK ("tax_documents"."kind" <> 'bill_of_supply' or ("tax_documents"."cgst_paise" = 0 and "tax_documents"."sgst_paise" = 0 and "tax_documents"."igst_paise" = 0));--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('invoice', 'bill_of_supply', 'credit_note'));--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_credit_check" CHECK (("tax_documents"."kind" <> 'credit_note') = ("tax_documents"."invoice_id" is null));