CREATE TABLE "helio_epc_package" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(500),
	"kwp" numeric(14, 3) DEFAULT '0' NOT NULL,
	"inverter_kw" numeric(14, 3) DEFAULT '0' NOT NULL,
	"battery_kwh" numeric(14, 3) DEFAULT '0' NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
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
CREATE TABLE "helio_epc_package_line" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"package_id" bigint NOT NULL,
	"sku" varchar(64) NOT NULL,
	"quantity" integer NOT NULL,
	"equipment_type" varchar(64),
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
CREATE UNIQUE INDEX "helio_epc_package_code_uq" ON "helio_epc_package" USING btree ("tenant_id","code") WHERE "helio_epc_package"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "helio_epc_package_line_pkg_idx" ON "helio_epc_package_line" USING btree ("package_id");