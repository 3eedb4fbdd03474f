CREATE TABLE "helio_maint_order" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"agent_id" bigint,
	"call_in_time" timestamp with time zone NOT NULL,
	"fee_type" varchar(64) NOT NULL,
	"station_id" bigint,
	"device_sn" varchar(64),
	"alarm_id" bigint,
	"install_order_id" bigint,
	"work_order_number" varchar(64),
	"first_visit_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"outcome" varchar(16),
	"reworks" integer DEFAULT 0 NOT NULL,
	"cost" numeric(14, 2) DEFAULT 0 NOT NULL,
	"installer_id" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "helio_epc_order_list_idx";--> statement-breakpoint
CREATE INDEX "helio_maint_order_call_in_idx" ON "helio_maint_order" USING btree ("tenant_id","call_in_time");--> statement-breakpoint
CREATE INDEX "helio_maint_order_fee_idx" ON "helio_maint_order" USING btree ("fee_type","order_id");--> statement-breakpoint
CREATE INDEX "helio_maint_order_station_idx" ON "helio_maint_order" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "helio_maint_order_device_idx" ON "helio_maint_order" USING btree ("device_sn");--> statement-breakpoint
CREATE INDEX "helio_maint_order_alarm_idx" ON "helio_maint_order" USING btree ("alarm_id") WHERE "helio_maint_order"."alarm_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "helio_maint_order_install_idx" ON "helio_maint_order" USING btree ("install_order_id") WHERE "helio_maint_order"."install_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "helio_epc_order_number_idx" ON "helio_epc_order" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "helio_epc_order_list_idx" ON "helio_epc_order" USING btree ("process","create_time","id","customer_name","order_number","stage","agent_id") WHERE "helio_epc_order"."is_deleted" = 0;