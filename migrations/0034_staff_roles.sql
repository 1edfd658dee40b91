CREATE TABLE "admin_account_roles" (
	"admin_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "admin_account_roles_admin_id_role_id_pk" PRIMARY KEY("admin_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "admin_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"role_ids" uuid[] NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"built_in" text,
	"name" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_accounts" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "admin_accounts" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_account_roles" ADD CONSTRAINT "admin_account_roles_admin_id_admin_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_account_roles" ADD CONSTRAINT "admin_account_roles_role_id_admin_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."admin_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invites" ADD CONSTRAINT "admin_invites_invited_by_admin_accounts_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."admin_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_account_roles_role_idx" ON "admin_account_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invites_token_hash_unique" ON "admin_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_roles_built_in_unique" ON "admin_roles" USING btree ("built_in");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_roles_name_unique" ON "admin_roles" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "admin_accounts" ADD CONSTRAINT "admin_accounts_status_check" CHECK ("admin_accounts"."status" in ('active', 'suspended'));--> statement-breakpoint
-- hand-written: the built-in roles (their permissions are the code's, domain/staff-permissions.ts), and every
-- existing admin account becomes an owner.
INSERT INTO "admin_roles" ("built_in", "name") VALUES
  ('owner', 'Owner'), ('finance', 'Finance'), ('support', 'Support'), ('catalog', 'Catalog'), ('people', 'People')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "admin_account_roles" ("admin_id", "role_id")
  SELECT a."id", r."id" FROM "admin_accounts" a CROSS JOIN "admin_roles" r WHERE r."built_in" = 'owner'
  ON CONFLICT DO NOTHING;
