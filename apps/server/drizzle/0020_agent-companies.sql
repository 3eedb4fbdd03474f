CREATE TABLE "helio_agent_company" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"agent_number" varchar(32) NOT NULL,
	"registration_time" timestamp with time zone DEFAULT now() NOT NULL,
	"company_name" varchar(100) NOT NULL,
	"agent_type" smallint NOT NULL,
	"province_code" varchar(12),
	"city_code" varchar(12),
	"district_code" varchar(12),
	"region_name" varchar(200),
	"address" varchar(255),
	"contact_name" varchar(50) NOT NULL,
	"phone_dialling_code" varchar(8) DEFAULT '+86' NOT NULL,
	"phone" varchar(20) NOT NULL,
	"email" varchar(100),
	"agent_fee" numeric(14, 3),
	"tax_id" varchar(40),
	"controller_name" varchar(50),
	"controller_id_type" smallint,
	"controller_id_number" varchar(40),
	"controller_phone" varchar(20),
	"legal_person_name" varchar(50),
	"legal_person_id_type" smallint,
	"legal_person_id_number" varchar(40),
	"legal_person_phone" varchar(20),
	"bank_name" varchar(100),
	"bank_account_name" varchar(100),
	"bank_account" varchar(40),
	"invoice_title" varchar(100),
	"invoice_tax_id" varchar(40),
	"invoice_address" varchar(255),
	"invoice_phone" varchar(20),
	"invoice_bank_name" varchar(100),
	"invoice_bank_account" varchar(40),
	"dept_id" bigint,
	"admin_user_id" bigint,
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
CREATE TABLE "helio_agent_document" (
	"agent_id" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"attach_id" bigint NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now(),
	CONSTRAINT "helio_agent_document_pk" PRIMARY KEY("agent_id","seq")
);
--> statement-breakpoint
CREATE TABLE "helio_agent_operation_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"agent_id" bigint NOT NULL,
	"operation" varchar(16) NOT NULL,
	"changes" jsonb NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helio_agent_unauthorized_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"agent_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"reason" varchar(255),
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_agent_number_uq" ON "helio_agent_company" USING btree ("tenant_id","agent_number") WHERE "helio_agent_company"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "helio_agent_company_dept_idx" ON "helio_agent_company" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "helio_agent_operation_log_agent_idx" ON "helio_agent_operation_log" USING btree ("agent_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "helio_agent_unauthorized_uq" ON "helio_agent_unauthorized_user" USING btree ("agent_id","user_id");