CREATE TABLE "helio_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"key" varchar(200),
	"payload" jsonb,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" varchar(64),
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_reference_version" (
	"module" varchar(64) PRIMARY KEY NOT NULL,
	"version" varchar(80) NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_device_command" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"method" varchar(64) NOT NULL,
	"params" jsonb,
	"status" varchar(16) DEFAULT 'sent' NOT NULL,
	"result" jsonb,
	"error" text,
	"create_user" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_job_key_uq" ON "helio_job" USING btree ("key");--> statement-breakpoint
CREATE INDEX "helio_job_due_idx" ON "helio_job" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "helio_device_command_sn_idx" ON "helio_device_command" USING btree ("device_sn","created_at");--> statement-breakpoint
CREATE INDEX "helio_device_command_open_idx" ON "helio_device_command" USING btree ("status","expires_at");