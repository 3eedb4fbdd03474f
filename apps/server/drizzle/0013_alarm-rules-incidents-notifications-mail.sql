CREATE TABLE "helio_alarm_incident" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"region_code" varchar(12) NOT NULL,
	"alarm_code" integer NOT NULL,
	"device_type" smallint NOT NULL,
	"level" smallint NOT NULL,
	"incident_status" smallint DEFAULT 0 NOT NULL,
	"first_trigger" timestamp with time zone NOT NULL,
	"last_trigger" timestamp with time zone NOT NULL,
	"close_time" timestamp with time zone,
	"handle_status" smallint DEFAULT 0 NOT NULL,
	"handle_user" bigint,
	"handle_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "helio_alarm_incident_member" (
	"alarm_id" bigint PRIMARY KEY NOT NULL,
	"incident_id" bigint NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plant_id" bigint NOT NULL,
	"join_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "helio_alarm_threshold" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"device_id" bigint NOT NULL,
	"alarm_code" integer NOT NULL,
	"threshold" real,
	"clear_level" real,
	"duration_s" integer,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_mail" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(64) NOT NULL,
	"host" varchar(253) NOT NULL,
	"port" integer DEFAULT 587 NOT NULL,
	"security" varchar(16) DEFAULT 'starttls' NOT NULL,
	"username" varchar(255),
	"password" varchar(1000),
	"from_address" varchar(254) NOT NULL,
	"from_name" varchar(64),
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
CREATE TABLE "helio_mail_outbox" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"mail_id" bigint,
	"to_address" varchar(320) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"scene" varchar(16) NOT NULL,
	"success" smallint NOT NULL,
	"error" varchar(500),
	"message_id" varchar(255),
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "helio_alarm_notification" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"alarm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"channel" varchar(8) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"alarm_code" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"error" varchar(500),
	"due_at" timestamp with time zone,
	"message_id" bigint,
	"batch_size" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "helio_alarm_subscription" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"name" varchar(50),
	"plant_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_severity" smallint DEFAULT 1 NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"channels" jsonb DEFAULT '["inapp"]'::jsonb NOT NULL,
	"quiet_start" varchar(5),
	"quiet_end" varchar(5),
	"recovery" smallint DEFAULT 1 NOT NULL,
	"escalation" smallint DEFAULT 0 NOT NULL,
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
CREATE TABLE "helio_notify_inbox" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"alarm_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"alarm_code" integer NOT NULL,
	"device_type" smallint NOT NULL,
	"severity" smallint NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"sns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plant_name" varchar(100),
	"waited_minutes" integer,
	"read_flag" smallint DEFAULT 0 NOT NULL,
	"read_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "helio_alarm_incident_open_idx" ON "helio_alarm_incident" USING btree ("tenant_id","region_code","alarm_code") WHERE "helio_alarm_incident"."incident_status" = 0;--> statement-breakpoint
CREATE INDEX "helio_alarm_incident_tenant_idx" ON "helio_alarm_incident" USING btree ("tenant_id","first_trigger");--> statement-breakpoint
CREATE INDEX "helio_alarm_incident_member_incident_idx" ON "helio_alarm_incident_member" USING btree ("incident_id");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_alarm_threshold_uq" ON "helio_alarm_threshold" USING btree ("device_id","alarm_code");--> statement-breakpoint
CREATE INDEX "helio_alarm_threshold_tenant_idx" ON "helio_alarm_threshold" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "helio_mail_tenant_idx" ON "helio_mail" USING btree ("tenant_id","is_deleted");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_mail_enabled_uq" ON "helio_mail" USING btree ("tenant_id") WHERE "helio_mail"."status" = 2 AND "helio_mail"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "helio_mail_outbox_tenant_idx" ON "helio_mail_outbox" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_alarm_notification_uq" ON "helio_alarm_notification" USING btree ("alarm_id","user_id","channel","kind");--> statement-breakpoint
CREATE INDEX "helio_alarm_notification_group_idx" ON "helio_alarm_notification" USING btree ("tenant_id","user_id","channel","kind","alarm_code","status");--> statement-breakpoint
CREATE INDEX "helio_alarm_notification_due_idx" ON "helio_alarm_notification" USING btree ("due_at") WHERE "helio_alarm_notification"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "helio_alarm_subscription_user_idx" ON "helio_alarm_subscription" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "helio_notify_inbox_user_idx" ON "helio_notify_inbox" USING btree ("tenant_id","user_id","read_flag","create_time");--> statement-breakpoint
CREATE INDEX "helio_alarm_time_idx" ON "helio_alarm" USING btree ("trigger_time","id");--> statement-breakpoint
CREATE INDEX "helio_alarm_tenant_time_idx" ON "helio_alarm" USING btree ("tenant_id","trigger_time","id");