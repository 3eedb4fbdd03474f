-- Optimistic locking and uniqueness for the tables of the hand-written DDL (0001_devices.sql, 0002_resources.sql):
-- the `version` column of every audited table (as 0005 for the drizzle-kit tables) and unique indexes behind the
-- unique fields of storage, SMS, data source and model definitions (live rows; per tenant where tenant-owned).
ALTER TABLE "helio_plant" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "helio_inverter_factory" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "helio_battery_factory" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "helio_guardian_factory" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "helio_charger_factory" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "helio_device" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "helio_alarm" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "helio_alarm_record" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "blade_oss" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "blade_attach" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "blade_sms" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "blade_datasource" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "blade_model" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "blade_model_prototype" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "blade_code" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "blade_report_file" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "blade_oss_code_uq" ON "blade_oss" ("tenant_id", "oss_code") WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "blade_sms_code_uq" ON "blade_sms" ("tenant_id", "sms_code") WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "blade_datasource_name_uq" ON "blade_datasource" ("name") WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "blade_model_code_uq" ON "blade_model" ("model_code") WHERE "is_deleted" = 0;
