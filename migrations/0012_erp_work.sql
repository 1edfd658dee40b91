CREATE TABLE "erp_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_notifications_kind_check" CHECK ("erp_notifications"."kind" in ('task_assigned', 'timesheet_approved', 'timesheet_rejected'))
);
--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "erp_notifications" ADD CONSTRAINT "erp_notifications_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erp_notifications_employee_idx" ON "erp_notifications" USING btree ("employee_id","created_at");