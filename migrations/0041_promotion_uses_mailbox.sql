ALTER TABLE "promotion_uses" ADD COLUMN "customer_mailbox" text;--> statement-breakpoint
CREATE INDEX "promotion_uses_mailbox_idx" ON "promotion_uses" USING btree ("promotion_id","customer_mailbox");