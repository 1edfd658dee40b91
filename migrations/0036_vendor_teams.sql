CREATE TABLE "vendor_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_invites_role_check" CHECK ("vendor_invites"."role" in ('manager', 'catalog', 'orders', 'accounts'))
);
--> statement-breakpoint
CREATE TABLE "vendor_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_user_id" uuid NOT NULL,
	"member_user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_members_role_check" CHECK ("vendor_members"."role" in ('manager', 'catalog', 'orders', 'accounts')),
	CONSTRAINT "vendor_members_not_owner_check" CHECK ("vendor_members"."vendor_user_id" <> "vendor_members"."member_user_id")
);
--> statement-breakpoint
ALTER TABLE "vendor_invites" ADD CONSTRAINT "vendor_invites_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_members" ADD CONSTRAINT "vendor_members_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_members" ADD CONSTRAINT "vendor_members_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_invites_hash_unique" ON "vendor_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "vendor_invites_vendor_idx" ON "vendor_invites" USING btree ("vendor_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_members_pair_unique" ON "vendor_members" USING btree ("vendor_user_id","member_user_id");--> statement-breakpoint
CREATE INDEX "vendor_members_member_idx" ON "vendor_members" USING btree ("member_user_id");