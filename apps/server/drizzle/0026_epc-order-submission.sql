CREATE TABLE "helio_epc_order_submission" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"order_id" bigint NOT NULL,
	"submission_id" varchar(64) NOT NULL,
	"stage" varchar(64) NOT NULL,
	"action" varchar(16) NOT NULL,
	"version" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_epc_order_submission_uq" ON "helio_epc_order_submission" USING btree ("order_id","submission_id");