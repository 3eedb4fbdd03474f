CREATE TABLE "helio_alarm_record_photo" (
	"record_id" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"attach_id" bigint NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now(),
	CONSTRAINT "helio_alarm_record_photo_pk" PRIMARY KEY("record_id","seq")
);
