CREATE TABLE "helio_epc_order_shipment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"order_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivery_number" varchar(64),
	"movements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipped_by" bigint,
	"shipped_at" timestamp with time zone,
	"signed_by" bigint,
	"signature" varchar(64),
	"signed_at" varchar(19),
	"loss_reason" varchar(500),
	"loss_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closed_by" bigint,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_epc_order_shipment_uq" ON "helio_epc_order_shipment" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "helio_epc_order_shipment_tenant_idx" ON "helio_epc_order_shipment" USING btree ("tenant_id","state");