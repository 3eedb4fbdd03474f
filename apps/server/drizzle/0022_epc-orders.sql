CREATE TABLE "helio_epc_order" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"order_number" varchar(32) NOT NULL,
	"agent_id" bigint,
	"customer_name" varchar(100) NOT NULL,
	"customer_phone" varchar(32),
	"project_type" varchar(64),
	"process" varchar(64) NOT NULL,
	"stage" varchar(64) NOT NULL,
	"sub_status" varchar(64),
	"in_review" boolean DEFAULT false NOT NULL,
	"pending" varchar(16),
	"state" jsonb NOT NULL,
	"stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_epc_order_form" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"order_id" bigint NOT NULL,
	"form_key" varchar(64) NOT NULL,
	"data" jsonb NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_epc_order_history" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"order_id" bigint NOT NULL,
	"stage" varchar(64) NOT NULL,
	"to_stage" varchar(64) NOT NULL,
	"action" varchar(16) NOT NULL,
	"approved" boolean,
	"request" varchar(16),
	"user_id" bigint NOT NULL,
	"role" varchar(64) NOT NULL,
	"comment" varchar(500),
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sub_status" varchar(64),
	"dwell_days" integer,
	"version" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_epc_order_number_uq" ON "helio_epc_order" USING btree ("tenant_id","order_number");--> statement-breakpoint
CREATE INDEX "helio_epc_order_stage_idx" ON "helio_epc_order" USING btree ("tenant_id","stage");--> statement-breakpoint
CREATE INDEX "helio_epc_order_agent_idx" ON "helio_epc_order" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_epc_order_form_uq" ON "helio_epc_order_form" USING btree ("order_id","form_key");--> statement-breakpoint
CREATE INDEX "helio_epc_order_history_order_idx" ON "helio_epc_order_history" USING btree ("order_id","version");