CREATE TABLE "promotion_cost_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_part_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"promotion_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"on_date" date NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_cost_entries_kind_check" CHECK ("promotion_cost_entries"."kind" in ('granted', 'given back')),
	CONSTRAINT "promotion_cost_entries_amount_check" CHECK ("promotion_cost_entries"."amount_paise" > 0),
	CONSTRAINT "promotion_cost_entries_month_check" CHECK ("promotion_cost_entries"."month" = to_char("promotion_cost_entries"."on_date", 'YYYY-MM'))
);
--> statement-breakpoint
ALTER TABLE "promotion_cost_entries" ADD CONSTRAINT "promotion_cost_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_cost_entries" ADD CONSTRAINT "promotion_cost_entries_order_part_id_order_parts_id_fk" FOREIGN KEY ("order_part_id") REFERENCES "public"."order_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_cost_entries" ADD CONSTRAINT "promotion_cost_entries_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_cost_entries" ADD CONSTRAINT "promotion_cost_entries_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_cost_entries_reference_unique" ON "promotion_cost_entries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "promotion_cost_entries_month_idx" ON "promotion_cost_entries" USING btree ("month","promotion_id");--> statement-breakpoint
CREATE INDEX "promotion_cost_entries_order_idx" ON "promotion_cost_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "promotion_cost_entries_item_idx" ON "promotion_cost_entries" USING btree ("order_item_id");
--> statement-breakpoint
-- hand-written:
-- Ledger lines are only ever added: an update is refused (lines go only with their order).
CREATE OR REPLACE FUNCTION haat_refuse_promotion_cost_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'promotion_cost_entries rows are never changed';
END
$$;
--> statement-breakpoint
CREATE TRIGGER promotion_cost_entries_no_update BEFORE UPDATE ON promotion_cost_entries
  FOR EACH ROW EXECUTE FUNCTION haat_refuse_promotion_cost_update();
