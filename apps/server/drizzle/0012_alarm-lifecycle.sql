CREATE TABLE "helio_alarm_definition" (
	"id" bigint PRIMARY KEY NOT NULL,
	"device_type" smallint NOT NULL,
	"alarm_code" integer NOT NULL,
	"alarm_type" smallint NOT NULL,
	"severity" smallint NOT NULL,
	"category" varchar(20) NOT NULL,
	"source" varchar(12) NOT NULL,
	"name_zh" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"cause_zh" varchar(500),
	"cause_en" varchar(500),
	"remedy_zh" varchar(500),
	"remedy_en" varchar(500),
	"rule" jsonb,
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
CREATE TABLE "helio_alarm_device_state" (
	"device_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"pending" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "helio_alarm_lifecycle" (
	"alarm_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"category" varchar(20),
	"value" real,
	"ack_status" smallint DEFAULT 0 NOT NULL,
	"ack_user" bigint,
	"ack_time" timestamp with time zone,
	"assignee_id" bigint,
	"update_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_alarm_definition_uq" ON "helio_alarm_definition" USING btree ("device_type","alarm_code");--> statement-breakpoint
CREATE INDEX "helio_alarm_lifecycle_tenant_idx" ON "helio_alarm_lifecycle" USING btree ("tenant_id","ack_status");