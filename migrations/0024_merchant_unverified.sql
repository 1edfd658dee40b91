ALTER TABLE "merchants" ADD COLUMN "unverified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "cashback_voided_points" integer;