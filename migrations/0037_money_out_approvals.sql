CREATE TABLE "money_out_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reference" text,
	"prepared_by" uuid NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_out_approvals_kind_check" CHECK ("money_out_approvals"."kind" in ('payout', 'withdrawal')),
	CONSTRAINT "money_out_approvals_two_people" CHECK ("money_out_approvals"."approved_by" is null or "money_out_approvals"."approved_by" <> "money_out_approvals"."prepared_by")
);
--> statement-breakpoint
CREATE TABLE "money_out_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"two_person_above_paise" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_out_settings_single_row" CHECK ("money_out_settings"."id" = 1),
	CONSTRAINT "money_out_settings_amount_check" CHECK ("money_out_settings"."two_person_above_paise" is null or "money_out_settings"."two_person_above_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "money_out_approvals" ADD CONSTRAINT "money_out_approvals_prepared_by_admin_accounts_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."admin_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_out_approvals" ADD CONSTRAINT "money_out_approvals_approved_by_admin_accounts_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."admin_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_out_approvals_resource_unique" ON "money_out_approvals" USING btree ("kind","resource_id");