CREATE TABLE "helio_epc_order_mail" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"to_address" varchar(320) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"body" text NOT NULL,
	"language" varchar(8) NOT NULL,
	"attachments" jsonb NOT NULL,
	"status" varchar(8) NOT NULL,
	"error" varchar(500),
	"outbox_id" bigint,
	"order_version" integer NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "helio_epc_order_mail_order_idx" ON "helio_epc_order_mail" USING btree ("order_id","kind","create_time");