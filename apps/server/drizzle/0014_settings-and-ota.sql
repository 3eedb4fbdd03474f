CREATE TABLE "helio_ota_campaign" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"campaign_name" varchar(100) NOT NULL,
	"package_id" bigint NOT NULL,
	"rollback_package_id" bigint,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" varchar(16) NOT NULL,
	"halt_reason" varchar(255),
	"canary_percent" integer NOT NULL,
	"wave_size" integer NOT NULL,
	"pace_per_minute" integer NOT NULL,
	"failure_threshold" integer NOT NULL,
	"window_start" varchar(5) NOT NULL,
	"window_end" varchar(5) NOT NULL,
	"upgrade_timeout_ms" integer NOT NULL,
	"tick_ms" integer NOT NULL,
	"current_wave" integer DEFAULT 0 NOT NULL,
	"wave_count" integer DEFAULT 0 NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_time" timestamp with time zone DEFAULT now(),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_ota_file" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"original_name" varchar(200) NOT NULL,
	"file_size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "helio_ota_file_chunk" (
	"file_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "helio_ota_file_chunk_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "helio_ota_package" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"company" varchar(100),
	"device_type" smallint NOT NULL,
	"firmware_type" smallint NOT NULL,
	"firmware_version" varchar(32) NOT NULL,
	"version_status" smallint DEFAULT 1 NOT NULL,
	"inverter_model" varchar(64),
	"firmware_batch" varchar(64),
	"version_info" varchar(1000),
	"remark" varchar(255),
	"force_update" smallint DEFAULT 0 NOT NULL,
	"cdn_url" varchar(500),
	"file_id" bigint NOT NULL,
	"file_name" varchar(200),
	"file_size" integer,
	"file_sha256" varchar(64),
	"upload_time" timestamp with time zone,
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
CREATE TABLE "helio_ota_upgrade" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"device_id" bigint NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"plant_id" bigint,
	"package_id" bigint NOT NULL,
	"campaign_id" bigint,
	"wave" integer DEFAULT 0 NOT NULL,
	"purpose" varchar(16) DEFAULT 'upgrade' NOT NULL,
	"state" varchar(16) NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"from_version" varchar(32),
	"to_version" varchar(32) NOT NULL,
	"reported_version" varchar(32),
	"fail_reason" varchar(255),
	"attempts" integer DEFAULT 0 NOT NULL,
	"timeout_ms" integer DEFAULT 1800000 NOT NULL,
	"notify_time" timestamp with time zone,
	"state_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "helio_address_map" (
	"id" bigint PRIMARY KEY NOT NULL,
	"manufacturer" varchar(100) NOT NULL,
	"protocol_version" varchar(32) NOT NULL,
	"physical_address" integer NOT NULL,
	"attribute_name" varchar(64) NOT NULL,
	"data_type" varchar(32) NOT NULL,
	"unit" varchar(16),
	"data_length" integer DEFAULT 1 NOT NULL,
	"system_default" varchar(64),
	"address_mapping" varchar(32),
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
CREATE TABLE "helio_setting_item" (
	"id" bigint PRIMARY KEY NOT NULL,
	"device_type" smallint NOT NULL,
	"device_model" varchar(64) DEFAULT '' NOT NULL,
	"setting_type" varchar(32) NOT NULL,
	"item_category" varchar(32) NOT NULL,
	"item_type" varchar(32) NOT NULL,
	"name_zh" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"item_key" varchar(64) NOT NULL,
	"value_type" varchar(32) NOT NULL,
	"unit" varchar(16),
	"min_value" double precision,
	"max_value" double precision,
	"decimals" smallint,
	"default_value" varchar(64),
	"value_options" varchar(500),
	"grid_code" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"protocol_version" varchar(32),
	"address_mapping" varchar(32),
	"db_field" varchar(64),
	"db_table" varchar(64),
	"reserved_field" varchar(255),
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
CREATE TABLE "helio_setting_command" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"batch_id" bigint NOT NULL,
	"device_id" bigint NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"device_type" smallint NOT NULL,
	"items" jsonb NOT NULL,
	"old_values" jsonb NOT NULL,
	"state" varchar(20) NOT NULL,
	"verified" smallint,
	"reason" varchar(500),
	"grid_code" smallint DEFAULT 0 NOT NULL,
	"timeout_ms" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"approve_user" bigint,
	"approve_time" timestamp with time zone,
	"restore_of" bigint,
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
CREATE TABLE "helio_setting_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"command_id" bigint NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"device_type" smallint NOT NULL,
	"item_key" varchar(64) NOT NULL,
	"old_value" text,
	"new_value" text,
	"result" varchar(20) NOT NULL,
	"verified" smallint,
	"reason" varchar(500),
	"operator" bigint,
	"approve_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_setting_version" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"version_no" integer NOT NULL,
	"setting_values" jsonb NOT NULL,
	"changed" jsonb NOT NULL,
	"command_id" bigint NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "helio_ota_campaign_tenant_idx" ON "helio_ota_campaign" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_ota_package_version_uq" ON "helio_ota_package" USING btree ("tenant_id","device_type","firmware_type","firmware_version") WHERE "helio_ota_package"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "helio_ota_upgrade_campaign_idx" ON "helio_ota_upgrade" USING btree ("campaign_id","purpose","wave","state");--> statement-breakpoint
CREATE INDEX "helio_ota_upgrade_device_idx" ON "helio_ota_upgrade" USING btree ("device_id","create_time");--> statement-breakpoint
CREATE INDEX "helio_ota_upgrade_active_idx" ON "helio_ota_upgrade" USING btree ("state") WHERE "helio_ota_upgrade"."state" NOT IN ('updated', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "helio_address_map_uq" ON "helio_address_map" USING btree ("manufacturer","protocol_version","physical_address") WHERE "helio_address_map"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "helio_setting_item_uq" ON "helio_setting_item" USING btree ("device_type","device_model","item_key") WHERE "helio_setting_item"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "helio_setting_command_state_idx" ON "helio_setting_command" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "helio_setting_command_device_idx" ON "helio_setting_command" USING btree ("device_sn","create_time");--> statement-breakpoint
CREATE INDEX "helio_setting_command_batch_idx" ON "helio_setting_command" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "helio_setting_log_device_idx" ON "helio_setting_log" USING btree ("device_sn","create_time");--> statement-breakpoint
CREATE INDEX "helio_setting_log_tenant_idx" ON "helio_setting_log" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_setting_version_uq" ON "helio_setting_version" USING btree ("device_sn","version_no");