CREATE TABLE "stock_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ref" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_holds_quantity_check" CHECK ("stock_holds"."quantity" > 0),
	CONSTRAINT "stock_holds_status_check" CHECK ("stock_holds"."status" in ('held', 'sold', 'released'))
);
--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_holds_ref_idx" ON "stock_holds" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "stock_holds_held_expiry_idx" ON "stock_holds" USING btree ("expires_at") WHERE "stock_holds"."status" = 'held';