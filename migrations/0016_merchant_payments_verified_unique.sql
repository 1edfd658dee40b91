DROP INDEX "merchant_transactions_reference_unique";--> statement-breakpoint
ALTER TABLE "merchant_transactions" ADD COLUMN "recorded_while_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_transactions_upi_reference_unique" ON "merchant_transactions" USING btree ("upi_reference") WHERE "merchant_transactions"."upi_reference" is not null;