-- Hand-written migration: storage, attachments, SMS, notice read marks, data sources, code generator, reports
-- (typed in src/db/schema-resource.ts), plus tenant indexes for the log lists.
CREATE TABLE "blade_oss" (
  "id" bigint PRIMARY KEY NOT NULL,
  "tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
  "category" integer DEFAULT 1 NOT NULL,
  "oss_code" varchar(32) NOT NULL,
  "endpoint" varchar(255),
  "transform_endpoint" varchar(255),
  "access_key" varchar(255),
  "secret_key" varchar(1000),
  "bucket_name" varchar(255),
  "app_id" varchar(255),
  "region" varchar(255),
  "remark" varchar(255),
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamp with time zone DEFAULT now(),
  "update_user" bigint,
  "update_time" timestamp with time zone DEFAULT now(),
  "status" integer DEFAULT 1 NOT NULL,
  "is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_oss_tenant_idx" ON "blade_oss" USING btree ("tenant_id","is_deleted");
--> statement-breakpoint
CREATE UNIQUE INDEX "blade_oss_enabled_uq" ON "blade_oss" USING btree ("tenant_id") WHERE "status" = 2 AND "is_deleted" = 0;
--> statement-breakpoint
CREATE TABLE "blade_attach" (
  "id" bigint PRIMARY KEY NOT NULL,
  "tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
  "link" varchar(1000),
  "domain_url" varchar(500),
  "name" varchar(500),
  "original_name" varchar(255),
  "extension" varchar(12),
  "attach_size" bigint,
  "mime" varchar(128),
  "oss_id" bigint,
  "usage" varchar(16),
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamp with time zone DEFAULT now(),
  "update_user" bigint,
  "update_time" timestamp with time zone DEFAULT now(),
  "status" integer DEFAULT 1 NOT NULL,
  "is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_attach_tenant_idx" ON "blade_attach" USING btree ("tenant_id","is_deleted","create_time");
--> statement-breakpoint
CREATE TABLE "blade_sms" (
  "id" bigint PRIMARY KEY NOT NULL,
  "tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
  "category" integer DEFAULT 1 NOT NULL,
  "sms_code" varchar(32) NOT NULL,
  "template_id" varchar(64),
  "access_key" varchar(255),
  "secret_key" varchar(1000),
  "region_id" varchar(64),
  "app_id" varchar(64),
  "sign_name" varchar(64),
  "endpoint" varchar(255),
  "remark" varchar(255),
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamp with time zone DEFAULT now(),
  "update_user" bigint,
  "update_time" timestamp with time zone DEFAULT now(),
  "status" integer DEFAULT 1 NOT NULL,
  "is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_sms_tenant_idx" ON "blade_sms" USING btree ("tenant_id","is_deleted");
--> statement-breakpoint
CREATE UNIQUE INDEX "blade_sms_enabled_uq" ON "blade_sms" USING btree ("tenant_id") WHERE "status" = 2 AND "is_deleted" = 0;
--> statement-breakpoint
CREATE TABLE "helio_sms_outbox" (
  "id" bigint PRIMARY KEY NOT NULL,
  "tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
  "sms_id" bigint,
  "provider" varchar(16) NOT NULL,
  "phones" varchar(2000) NOT NULL,
  "template_id" varchar(64),
  "sign_name" varchar(64),
  "params" text,
  "scene" varchar(16),
  "success" smallint DEFAULT 1 NOT NULL,
  "result" varchar(500),
  "create_user" bigint,
  "create_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "helio_sms_outbox_tenant_idx" ON "helio_sms_outbox" USING btree ("tenant_id","create_time");
--> statement-breakpoint
CREATE TABLE "helio_notice_read" (
  "user_id" bigint NOT NULL,
  "notice_id" bigint NOT NULL,
  "read_time" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "helio_notice_read_pk" PRIMARY KEY ("user_id","notice_id")
);
--> statement-breakpoint
CREATE INDEX "blade_notice_tenant_idx" ON "blade_notice" USING btree ("tenant_id","is_deleted","release_time");
--> statement-breakpoint
CREATE TABLE "blade_datasource" (
  "id" bigint PRIMARY KEY NOT NULL,
  "name" varchar(100) NOT NULL,
  "category" integer DEFAULT 1 NOT NULL,
  "driver_class" varchar(100) DEFAULT 'org.postgresql.Driver' NOT NULL,
  "url" varchar(500) NOT NULL,
  "username" varchar(100),
  "password" varchar(1000),
  "remark" varchar(255),
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamp with time zone DEFAULT now(),
  "update_user" bigint,
  "update_time" timestamp with time zone DEFAULT now(),
  "status" integer DEFAULT 1 NOT NULL,
  "is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_model" (
  "id" bigint PRIMARY KEY NOT NULL,
  "datasource_id" bigint NOT NULL,
  "model_name" varchar(64) NOT NULL,
  "model_code" varchar(64) NOT NULL,
  "model_table" varchar(64) NOT NULL,
  "model_class" varchar(64),
  "model_remark" varchar(500),
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamp with time zone DEFAULT now(),
  "update_user" bigint,
  "update_time" timestamp with time zone DEFAULT now(),
  "status" integer DEFAULT 1 NOT NULL,
  "is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_model_prototype" (
  "id" bigint PRIMARY KEY NOT NULL,
  "model_id" bigint NOT NULL,
  "jdbc_name" varchar(64) NOT NULL,
  "jdbc_type" varchar(64),
  "jdbc_comment" varchar(255),
  "property_type" varchar(32),
  "property_name" varchar(64),
  "is_list" integer DEFAULT 1 NOT NULL,
  "is_form" integer DEFAULT 1 NOT NULL,
  "is_row" integer DEFAULT 0 NOT NULL,
  "component_type" varchar(16) DEFAULT 'text' NOT NULL,
  "dict_code" varchar(64),
  "is_required" integer DEFAULT 0 NOT NULL,
  "is_query" integer DEFAULT 0 NOT NULL,
  "query_type" varchar(16),
  "sort" integer DEFAULT 1 NOT NULL,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamp with time zone DEFAULT now(),
  "update_user" bigint,
  "update_time" timestamp with time zone DEFAULT now(),
  "status" integer DEFAULT 1 NOT NULL,
  "is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_model_prototype_model_idx" ON "blade_model_prototype" USING btree ("model_id");
--> statement-breakpoint
CREATE TABLE "blade_code" (
  "id" bigint PRIMARY KEY NOT NULL,
  "model_id" bigint,
  "datasource_id" bigint,
  "service_name" varchar(64),
  "code_name" varchar(64) NOT NULL,
  "table_name" varchar(64) NOT NULL,
  "table_prefix" varchar(64),
  "pk_name" varchar(32),
  "package_name" varchar(500),
  "template_type" varchar(16),
  "author" varchar(64),
  "api_path" varchar(255),
  "web_path" varchar(255),
  "base_mode" integer DEFAULT 1 NOT NULL,
  "wrap_mode" integer DEFAULT 1 NOT NULL,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamp with time zone DEFAULT now(),
  "update_user" bigint,
  "update_time" timestamp with time zone DEFAULT now(),
  "status" integer DEFAULT 1 NOT NULL,
  "is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_report_file" (
  "id" bigint PRIMARY KEY NOT NULL,
  "tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
  "name" varchar(255) NOT NULL,
  "report_type" varchar(32) NOT NULL,
  "file_name" varchar(255) NOT NULL,
  "mime" varchar(128) NOT NULL,
  "file_size" bigint DEFAULT 0 NOT NULL,
  "content" bytea,
  "params" text,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamp with time zone DEFAULT now(),
  "update_user" bigint,
  "update_time" timestamp with time zone DEFAULT now(),
  "status" integer DEFAULT 1 NOT NULL,
  "is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_report_file_tenant_idx" ON "blade_report_file" USING btree ("tenant_id","is_deleted","create_time");
--> statement-breakpoint
CREATE INDEX "blade_log_api_tenant_idx" ON "blade_log_api" USING btree ("tenant_id","create_time");
--> statement-breakpoint
CREATE INDEX "blade_log_usual_tenant_idx" ON "blade_log_usual" USING btree ("tenant_id","create_time");
--> statement-breakpoint
CREATE INDEX "blade_log_error_tenant_idx" ON "blade_log_error" USING btree ("tenant_id","create_time");
