CREATE TABLE "helio_flow_attachment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"instance_id" bigint,
	"user_id" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"attach_id" bigint,
	"link" varchar(1000),
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_flow_comment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"instance_id" bigint,
	"user_id" varchar(64) NOT NULL,
	"user_name" varchar(64),
	"message" varchar(1000) NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_flow_definition" (
	"id" varchar(128) PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"key" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" varchar(1000),
	"version" integer NOT NULL,
	"category" varchar(64),
	"suspended" smallint DEFAULT 0 NOT NULL,
	"model" jsonb NOT NULL,
	"resource_name" varchar(200) NOT NULL,
	"deployment_id" bigint NOT NULL,
	"deploy_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_flow_deployment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(200) NOT NULL,
	"category" varchar(64),
	"resources" jsonb NOT NULL,
	"deploy_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_user" bigint
);
--> statement-breakpoint
CREATE TABLE "helio_flow_history" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"instance_id" bigint NOT NULL,
	"execution_id" varchar(32),
	"element_id" varchar(128) NOT NULL,
	"element_type" varchar(32) NOT NULL,
	"name" varchar(255),
	"assignee" varchar(64),
	"task_id" bigint,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"duration_ms" bigint,
	"seq" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_flow_instance" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"definition_id" varchar(128) NOT NULL,
	"definition_key" varchar(64) NOT NULL,
	"definition_name" varchar(200) NOT NULL,
	"category" varchar(64),
	"business_key" varchar(128),
	"state" jsonb NOT NULL,
	"status" varchar(12) NOT NULL,
	"start_user" varchar(64) NOT NULL,
	"start_user_name" varchar(64),
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"delete_reason" varchar(500),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_flow_leave" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"process_definition_id" varchar(128) NOT NULL,
	"process_instance_id" bigint,
	"leave_type" smallint DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"task_user" varchar(64) NOT NULL,
	"apply_user" varchar(64) NOT NULL,
	"apply_user_name" varchar(64),
	"apply_time" timestamp with time zone DEFAULT now() NOT NULL,
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
CREATE TABLE "helio_flow_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"model_key" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(500),
	"xml" text NOT NULL,
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
CREATE TABLE "helio_flow_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"kind" varchar(16) DEFAULT 'bpmn' NOT NULL,
	"ref_id" varchar(64) NOT NULL,
	"instance_id" bigint,
	"definition_id" varchar(128),
	"category" varchar(64),
	"execution_id" varchar(32),
	"element_id" varchar(128) NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" varchar(1000),
	"form_key" varchar(255),
	"priority" integer DEFAULT 50 NOT NULL,
	"assignee" varchar(64),
	"candidates" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_time" timestamp with time zone,
	"due_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"completed_by" varchar(64),
	"outcome" varchar(32),
	"comment" varchar(1000),
	"delete_reason" varchar(255),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "helio_flow_attachment_task_idx" ON "helio_flow_attachment" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "helio_flow_comment_task_idx" ON "helio_flow_comment" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "helio_flow_comment_instance_idx" ON "helio_flow_comment" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_flow_definition_version_uq" ON "helio_flow_definition" USING btree ("tenant_id","key","version");--> statement-breakpoint
CREATE INDEX "helio_flow_definition_deployment_idx" ON "helio_flow_definition" USING btree ("deployment_id");--> statement-breakpoint
CREATE INDEX "helio_flow_deployment_tenant_idx" ON "helio_flow_deployment" USING btree ("tenant_id","deploy_time");--> statement-breakpoint
CREATE INDEX "helio_flow_history_instance_idx" ON "helio_flow_history" USING btree ("instance_id","seq");--> statement-breakpoint
CREATE INDEX "helio_flow_instance_tenant_idx" ON "helio_flow_instance" USING btree ("tenant_id","start_time");--> statement-breakpoint
CREATE INDEX "helio_flow_instance_starter_idx" ON "helio_flow_instance" USING btree ("start_user","start_time");--> statement-breakpoint
CREATE INDEX "helio_flow_leave_instance_idx" ON "helio_flow_leave" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_flow_model_key_uq" ON "helio_flow_model" USING btree ("tenant_id","model_key") WHERE "helio_flow_model"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "helio_flow_task_todo_idx" ON "helio_flow_task" USING btree ("tenant_id","assignee","create_time") WHERE "helio_flow_task"."status" IN ('open', 'claimed');--> statement-breakpoint
CREATE INDEX "helio_flow_task_claim_idx" ON "helio_flow_task" USING gin ("candidates") WHERE "helio_flow_task"."status" = 'open' AND "helio_flow_task"."assignee" IS NULL;--> statement-breakpoint
CREATE INDEX "helio_flow_task_done_idx" ON "helio_flow_task" USING btree ("tenant_id","completed_by","end_time") WHERE "helio_flow_task"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "helio_flow_task_ref_idx" ON "helio_flow_task" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_flow_task_execution_uq" ON "helio_flow_task" USING btree ("instance_id","execution_id");