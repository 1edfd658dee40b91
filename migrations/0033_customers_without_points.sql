ALTER TABLE "customers" DROP CONSTRAINT "customers_reward_points_check";--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_pending_points_check";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "reward_points";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "pending_points";