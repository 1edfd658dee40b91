ALTER TABLE "users" DROP CONSTRAINT "users_status_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rewards_transactions" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_transactions_reference_unique" ON "rewards_transactions" USING btree ("reference") WHERE "rewards_transactions"."reference" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'suspended', 'deleted'));