ALTER TABLE "vendors" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "vendor_shops" ADD COLUMN "vendor_approved" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Shops of a vendor who is already not approved start hidden, like those of a vendor rejected from now on.
UPDATE "vendor_shops" SET "vendor_approved" = false WHERE "vendor_id" IN (SELECT "user_id" FROM "vendors" WHERE NOT "is_approved");
