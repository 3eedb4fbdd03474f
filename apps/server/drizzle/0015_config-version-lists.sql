CREATE TABLE "helio_factory_version" (
	"id" bigint PRIMARY KEY NOT NULL,
	"device_type" smallint NOT NULL,
	"device_model" varchar(64) NOT NULL,
	"firmware_type" smallint NOT NULL,
	"firmware_version" varchar(32) NOT NULL,
	"release_date" date NOT NULL,
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
CREATE TABLE "helio_version_matching" (
	"id" bigint PRIMARY KEY NOT NULL,
	"device_type" smallint NOT NULL,
	"device_model" varchar(64) NOT NULL,
	"firmware_type" smallint NOT NULL,
	"firmware_version" varchar(32) NOT NULL,
	"protocol_version" varchar(32) NOT NULL,
	"match_status" smallint NOT NULL,
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
CREATE UNIQUE INDEX "helio_factory_version_uq" ON "helio_factory_version" USING btree ("device_type","device_model","firmware_type","firmware_version") WHERE "helio_factory_version"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "helio_version_matching_uq" ON "helio_version_matching" USING btree ("device_type","device_model","firmware_type","firmware_version") WHERE "helio_version_matching"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "helio_version_matching_model_idx" ON "helio_version_matching" USING btree ("device_model");