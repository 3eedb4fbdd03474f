CREATE TABLE "helio_base_package" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"package_name" varchar(100) NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_base_package_item" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"package_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_material" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"material_name" varchar(100) NOT NULL,
	"manufacturer" varchar(100),
	"spec" varchar(100),
	"model" varchar(64),
	"sku" varchar(64),
	"material_type" smallint,
	"unit_price" numeric(14, 3) DEFAULT '0' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"total_value" numeric(24, 3) DEFAULT '0' NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_sku" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"sku" varchar(64) NOT NULL,
	"sku_name" varchar(100) NOT NULL,
	"manufacturer" varchar(100),
	"spec" varchar(100),
	"model" varchar(64),
	"sku_type" smallint NOT NULL,
	"unit" varchar(16),
	"unit_price" numeric(14, 3) DEFAULT '0' NOT NULL,
	"serial_tracked" smallint DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_stock_balance" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"opening" integer DEFAULT 0 NOT NULL,
	"qty_in" integer DEFAULT 0 NOT NULL,
	"qty_out" integer DEFAULT 0 NOT NULL,
	"adjusted" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now(),
	CONSTRAINT "helio_stock_balance_nonnegative" CHECK ("helio_stock_balance"."balance" >= 0 AND "helio_stock_balance"."reserved" >= 0 AND "helio_stock_balance"."reserved" <= "helio_stock_balance"."balance")
);
--> statement-breakpoint
CREATE TABLE "helio_stock_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"movement_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"balance_before" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reserved_before" integer NOT NULL,
	"reserved_after" integer NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_stock_movement" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"movement_type" varchar(16) NOT NULL,
	"quantity" integer NOT NULL,
	"from_reserved" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(255),
	"reference" varchar(64),
	"serials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reversal_of" bigint,
	"reversed_by" bigint,
	"cancelled" smallint DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_stock_serial" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"serial" varchar(64) NOT NULL,
	"sku_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"status" varchar(16) NOT NULL,
	"order_ref" varchar(64),
	"plant_id" bigint,
	"movement_id" bigint NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_warehouse" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"warehouse_name" varchar(100) NOT NULL,
	"address" varchar(255),
	"is_default" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_base_package_name_uq" ON "helio_base_package" USING btree ("tenant_id","package_name") WHERE "helio_base_package"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "helio_base_package_item_pkg_idx" ON "helio_base_package_item" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_material_name_uq" ON "helio_material" USING btree ("tenant_id","material_name") WHERE "helio_material"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "helio_sku_code_uq" ON "helio_sku" USING btree ("tenant_id","sku") WHERE "helio_sku"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "helio_stock_balance_uq" ON "helio_stock_balance" USING btree ("tenant_id","warehouse_id","sku_id");--> statement-breakpoint
CREATE INDEX "helio_stock_balance_sku_idx" ON "helio_stock_balance" USING btree ("tenant_id","sku_id");--> statement-breakpoint
CREATE INDEX "helio_stock_log_list_idx" ON "helio_stock_log" USING btree ("tenant_id","create_time","id");--> statement-breakpoint
CREATE INDEX "helio_stock_log_movement_idx" ON "helio_stock_log" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "helio_stock_movement_list_idx" ON "helio_stock_movement" USING btree ("tenant_id","create_time","id");--> statement-breakpoint
CREATE INDEX "helio_stock_movement_sku_idx" ON "helio_stock_movement" USING btree ("tenant_id","sku_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_stock_movement_reversal_uq" ON "helio_stock_movement" USING btree ("reversal_of");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_stock_serial_uq" ON "helio_stock_serial" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "helio_stock_serial_sku_idx" ON "helio_stock_serial" USING btree ("tenant_id","sku_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_warehouse_name_uq" ON "helio_warehouse" USING btree ("tenant_id","warehouse_name") WHERE "helio_warehouse"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "helio_warehouse_default_uq" ON "helio_warehouse" USING btree ("tenant_id") WHERE "helio_warehouse"."is_default" = 1 AND "helio_warehouse"."is_deleted" = 0;