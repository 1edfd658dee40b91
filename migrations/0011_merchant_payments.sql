DROP INDEX "merchant_transactions_merchant_idx";--> statement-breakpoint
ALTER TABLE "merchant_transactions" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "merchant_transactions" ADD COLUMN "ledger_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "merchant_transactions" ADD CONSTRAINT "merchant_transactions_ledger_transaction_id_rewards_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."rewards_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_transactions_customer_idx" ON "merchant_transactions" USING btree ("customer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_transactions_reference_unique" ON "merchant_transactions" USING btree ("merchant_id","upi_reference") WHERE "merchant_transactions"."upi_reference" is not null;--> statement-breakpoint
CREATE INDEX "merchant_transactions_merchant_idx" ON "merchant_transactions" USING btree ("merchant_id","created_at");