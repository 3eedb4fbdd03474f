-- Hand-written migration (tables drizzle-kit does not manage: see src/db/schema-device.ts).
-- Stations, factory info, device registrations, raw telemetry (partitioned by day), latest state, energy rollups,
-- events, alarms, charging sessions and ingest counters. Partitions are created ahead by the ingest
-- (modules/telemetry/partitions.ts); no DEFAULT partition, so a row can never land outside a dated partition.
-- Runs on PostgreSQL >= 15 and on PGlite.
CREATE TABLE "helio_plant" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plant_name" varchar(100) NOT NULL,
	"plant_type" smallint,
	"country_code" varchar(12),
	"province_code" varchar(12),
	"city_code" varchar(12),
	"county_code" varchar(12),
	"region_name" varchar(255),
	"address" varchar(255),
	"latitude" double precision,
	"longitude" double precision,
	"time_zone" varchar(64) DEFAULT 'Asia/Shanghai' NOT NULL,
	"capacity_kwp" double precision,
	"install_date" date,
	"owner_user_id" bigint,
	"owner_name" varchar(50),
	"owner_phone" varchar(20),
	"operation_company_id" bigint,
	"operation_company_name" varchar(100),
	"operation_user_id" bigint,
	"operation_user_name" varchar(50),
	"network_status" smallint DEFAULT 1 NOT NULL,
	"status_time" timestamp with time zone,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "helio_plant_tenant_idx" ON "helio_plant" ("tenant_id", "is_deleted");
--> statement-breakpoint
CREATE INDEX "helio_plant_status_idx" ON "helio_plant" ("network_status");
--> statement-breakpoint
CREATE INDEX "helio_plant_company_idx" ON "helio_plant" ("operation_company_id");
--> statement-breakpoint
CREATE INDEX "helio_plant_owner_idx" ON "helio_plant" ("owner_user_id");
--> statement-breakpoint
CREATE INDEX "helio_plant_operator_idx" ON "helio_plant" ("operation_user_id");
--> statement-breakpoint
CREATE INDEX "helio_plant_list_idx" ON "helio_plant" ("create_time" DESC, "id" DESC) WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE INDEX "helio_plant_tenant_list_idx" ON "helio_plant" ("tenant_id", "create_time" DESC, "id" DESC) WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE TABLE "helio_inverter_factory" (
	"id" bigint PRIMARY KEY NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"model" varchar(64),
	"factory_date" date,
	"manufacturer" varchar(100),
	"usage_flag" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"phase_type" smallint,
	"grid_type" smallint,
	"rated_power" double precision,
	"warranty_years" smallint,
	"warranty_start" date,
	"warranty_end" date,
	"activation_date" date,
	"fw_protocol" varchar(32),
	"fw_master" varchar(32),
	"fw_slave" varchar(32),
	"fw_ems" varchar(32),
	"fw_dcdc" varchar(32),
	"mppt_count" smallint,
	"grid_phases" smallint,
	"rated_frequency" double precision,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_inverter_factory_sn_uq" ON "helio_inverter_factory" ("device_sn") WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE TABLE "helio_battery_factory" (
	"id" bigint PRIMARY KEY NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"model" varchar(64),
	"factory_date" date,
	"manufacturer" varchar(100),
	"usage_flag" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"rated_voltage" double precision,
	"capacity_ah" double precision,
	"energy_kwh" double precision,
	"cell_series" smallint,
	"cell_parallel" smallint,
	"cell_capacity_ah" double precision,
	"bms_sn" varchar(64),
	"inverter_sn" varchar(64),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_battery_factory_sn_uq" ON "helio_battery_factory" ("device_sn") WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE TABLE "helio_guardian_factory" (
	"id" bigint PRIMARY KEY NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"model" varchar(64),
	"factory_date" date,
	"manufacturer" varchar(100),
	"usage_flag" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"card_number" varchar(64),
	"rated_current" double precision,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_guardian_factory_sn_uq" ON "helio_guardian_factory" ("device_sn") WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE TABLE "helio_charger_factory" (
	"id" bigint PRIMARY KEY NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"model" varchar(64),
	"factory_date" date,
	"manufacturer" varchar(100),
	"usage_flag" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"rated_power" double precision,
	"phases" smallint,
	"connector_type" smallint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_charger_factory_sn_uq" ON "helio_charger_factory" ("device_sn") WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE TABLE "helio_device" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plant_id" bigint,
	"device_type" smallint NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"parent_sn" varchar(64),
	"model" varchar(64),
	"secret_hash" varchar(64) NOT NULL,
	"network_status" smallint DEFAULT 1 NOT NULL,
	"status_time" timestamp with time zone,
	"report_interval" integer DEFAULT 300 NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_connect_time" timestamp with time zone,
	"last_disconnect_time" timestamp with time zone,
	"fw_protocol" varchar(32),
	"fw_master" varchar(32),
	"fw_slave" varchar(32),
	"fw_ems" varchar(32),
	"fw_dcdc" varchar(32),
	"register_time" timestamp with time zone DEFAULT now(),
	"unbind_time" timestamp with time zone,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_device_sn_uq" ON "helio_device" ("device_sn") WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE INDEX "helio_device_sn_idx" ON "helio_device" ("device_sn");
--> statement-breakpoint
CREATE INDEX "helio_device_plant_idx" ON "helio_device" ("plant_id");
--> statement-breakpoint
CREATE INDEX "helio_device_tenant_idx" ON "helio_device" ("tenant_id", "device_type");
--> statement-breakpoint
CREATE INDEX "helio_device_list_idx" ON "helio_device" ("device_type", "register_time" DESC, "id" DESC) WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE TABLE "helio_device_latest" (
	"device_id" bigint PRIMARY KEY NOT NULL,
	"device_type" smallint NOT NULL,
	"plant_id" bigint,
	"ts" timestamp with time zone,
	"received_at" timestamp with time zone,
	"state" smallint,
	"fault_codes" integer[],
	"warning_codes" integer[],
	"pv_power" real,
	"load_power" real,
	"grid_power" real,
	"bat_power" real,
	"bat_soc" real,
	"e_pv_total" double precision,
	"e_load_total" double precision,
	"e_import_total" double precision,
	"e_export_total" double precision,
	"e_charge_total" double precision,
	"e_discharge_total" double precision,
	"e_ev_total" double precision,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "helio_telemetry_inverter" (
	"device_id" bigint NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"plant_id" bigint,
	"state" smallint,
	"pv1_v" real, "pv1_i" real, "pv2_v" real, "pv2_i" real, "pv3_v" real, "pv3_i" real, "pv4_v" real, "pv4_i" real,
	"pv_power" real,
	"grid_va" real, "grid_vb" real, "grid_vc" real,
	"grid_ia" real, "grid_ib" real, "grid_ic" real,
	"grid_pa" real, "grid_pb" real, "grid_pc" real,
	"grid_power" real, "grid_freq" real, "grid_q" real, "grid_pf" real,
	"load_power" real, "load_pa" real, "load_pb" real, "load_pc" real,
	"eps_power" real,
	"bat_v" real, "bat_i" real, "bat_power" real, "bat_soc" real, "bat_temp" real,
	"temp_inner" real, "temp_sink" real, "bus_v" real, "iso_kohm" real,
	"e_pv_today" double precision,
	"e_pv_total" double precision,
	"e_load_total" double precision,
	"e_import_total" double precision,
	"e_export_total" double precision,
	"e_charge_total" double precision,
	"e_discharge_total" double precision,
	"fault_codes" integer[],
	"warning_codes" integer[],
	CONSTRAINT "helio_telemetry_inverter_pk" PRIMARY KEY ("device_id", "ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "helio_telemetry_battery" (
	"device_id" bigint NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"plant_id" bigint,
	"state" smallint,
	"voltage" real, "current" real, "power" real, "soc" real, "soh" real, "temp" real,
	"cell_v_max" real, "cell_v_min" real, "cell_t_max" real, "cell_t_min" real,
	"cycles" integer,
	"remain_kwh" real,
	"e_charge_total" double precision,
	"e_discharge_total" double precision,
	"fault_codes" integer[],
	"warning_codes" integer[],
	CONSTRAINT "helio_telemetry_battery_pk" PRIMARY KEY ("device_id", "ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "helio_telemetry_guardian" (
	"device_id" bigint NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"plant_id" bigint,
	"state" smallint,
	"gate" smallint,
	"protect" smallint,
	"va" real, "vb" real, "vc" real,
	"ia" real, "ib" real, "ic" real,
	"pa" real, "pb" real, "pc" real,
	"power" real, "freq" real, "leak_ma" real, "temp" real,
	"e_total" double precision,
	"fault_codes" integer[],
	"warning_codes" integer[],
	CONSTRAINT "helio_telemetry_guardian_pk" PRIMARY KEY ("device_id", "ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "helio_telemetry_charger" (
	"device_id" bigint NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"plant_id" bigint,
	"state" smallint,
	"power" real,
	"va" real, "vb" real, "vc" real,
	"ia" real, "ib" real, "ic" real,
	"temp" real,
	"session_id" varchar(40),
	"session_kwh" double precision,
	"e_total" double precision,
	"fault_codes" integer[],
	"warning_codes" integer[],
	CONSTRAINT "helio_telemetry_charger_pk" PRIMARY KEY ("device_id", "ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "helio_energy_device_5m" (
	"device_id" bigint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"plant_id" bigint,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"load_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"ev_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_energy_device_5m_pk" PRIMARY KEY ("device_id", "bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "helio_energy_device_hour" (
	"device_id" bigint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"plant_id" bigint,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"load_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"ev_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_energy_device_hour_pk" PRIMARY KEY ("device_id", "bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "helio_energy_device_day" (
	"device_id" bigint NOT NULL,
	"day" date NOT NULL,
	"plant_id" bigint,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"load_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"ev_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_energy_device_day_pk" PRIMARY KEY ("device_id", "day")
);
--> statement-breakpoint
CREATE TABLE "helio_energy_device_month" (
	"device_id" bigint NOT NULL,
	"month" date NOT NULL,
	"plant_id" bigint,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"load_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"ev_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_energy_device_month_pk" PRIMARY KEY ("device_id", "month")
);
--> statement-breakpoint
CREATE TABLE "helio_energy_plant_5m" (
	"plant_id" bigint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"load_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"ev_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_energy_plant_5m_pk" PRIMARY KEY ("plant_id", "bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "helio_energy_plant_hour" (
	"plant_id" bigint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"load_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"ev_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_energy_plant_hour_pk" PRIMARY KEY ("plant_id", "bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "helio_energy_plant_day" (
	"plant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"load_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"ev_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_energy_plant_day_pk" PRIMARY KEY ("plant_id", "day")
);
--> statement-breakpoint
CREATE INDEX "helio_energy_plant_day_tenant_idx" ON "helio_energy_plant_day" ("tenant_id", "day");
--> statement-breakpoint
CREATE TABLE "helio_energy_plant_month" (
	"plant_id" bigint NOT NULL,
	"month" date NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"load_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"ev_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_energy_plant_month_pk" PRIMARY KEY ("plant_id", "month")
);
--> statement-breakpoint
CREATE TABLE "helio_energy_tenant_hour" (
	"tenant_id" varchar(12) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"load_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"ev_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_energy_tenant_hour_pk" PRIMARY KEY ("tenant_id", "bucket")
);
--> statement-breakpoint
CREATE TABLE "helio_energy_tenant_day" (
	"tenant_id" varchar(12) NOT NULL,
	"day" date NOT NULL,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"load_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"ev_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_energy_tenant_day_pk" PRIMARY KEY ("tenant_id", "day")
);
--> statement-breakpoint
CREATE TABLE "helio_energy_tenant_month" (
	"tenant_id" varchar(12) NOT NULL,
	"month" date NOT NULL,
	"pv_kwh" double precision DEFAULT 0 NOT NULL,
	"load_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"ev_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_energy_tenant_month_pk" PRIMARY KEY ("tenant_id", "month")
);
--> statement-breakpoint
CREATE TABLE "helio_device_event" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"device_id" bigint NOT NULL,
	"plant_id" bigint,
	"device_type" smallint NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"event_type" smallint NOT NULL,
	"code" integer NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"action" smallint DEFAULT 1 NOT NULL,
	"message" varchar(255),
	"create_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_device_event_uq" ON "helio_device_event" ("device_id", "ts", "code", "action");
--> statement-breakpoint
CREATE INDEX "helio_device_event_plant_idx" ON "helio_device_event" ("plant_id", "ts");
--> statement-breakpoint
CREATE TABLE "helio_alarm" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"plant_id" bigint,
	"device_id" bigint NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"device_type" smallint NOT NULL,
	"alarm_code" integer NOT NULL,
	"alarm_type" smallint NOT NULL,
	"level" smallint DEFAULT 3 NOT NULL,
	"alarm_status" smallint DEFAULT 0 NOT NULL,
	"trigger_time" timestamp with time zone NOT NULL,
	"recover_time" timestamp with time zone,
	"description" varchar(500),
	"solution" varchar(500),
	"handle_status" smallint DEFAULT 0 NOT NULL,
	"handle_user" bigint,
	"handle_time" timestamp with time zone,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helio_alarm_active_uq" ON "helio_alarm" ("device_id", "alarm_code") WHERE "alarm_status" = 0 AND "is_deleted" = 0;
--> statement-breakpoint
CREATE INDEX "helio_alarm_plant_idx" ON "helio_alarm" ("plant_id", "trigger_time");
--> statement-breakpoint
CREATE INDEX "helio_alarm_tenant_idx" ON "helio_alarm" ("tenant_id", "alarm_status");
--> statement-breakpoint
CREATE TABLE "helio_alarm_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"alarm_id" bigint NOT NULL,
	"handle_status" smallint NOT NULL,
	"content" varchar(1000),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now(),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now(),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "helio_alarm_record_alarm_idx" ON "helio_alarm_record" ("alarm_id");
--> statement-breakpoint
CREATE TABLE "helio_charge_session" (
	"device_id" bigint NOT NULL,
	"session_id" varchar(40) NOT NULL,
	"plant_id" bigint,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"max_power" real DEFAULT 0 NOT NULL,
	"session_status" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "helio_charge_session_pk" PRIMARY KEY ("device_id", "session_id")
);
--> statement-breakpoint
CREATE INDEX "helio_charge_session_time_idx" ON "helio_charge_session" ("device_id", "start_time");
--> statement-breakpoint
CREATE TABLE "helio_ingest_counter" (
	"day" date NOT NULL,
	"reason" varchar(32) NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"last_sn" varchar(64),
	"last_detail" varchar(255),
	"last_time" timestamp with time zone,
	CONSTRAINT "helio_ingest_counter_pk" PRIMARY KEY ("day", "reason")
);
--> statement-breakpoint
-- Trigram indexes for the "contains" filters of the station and device lists (100,000 stations) where pg_trgm is
-- available (PostgreSQL contrib; a trusted extension). PGlite and servers without it skip them: those filters scan.
DO $$ BEGIN
	CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
	IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
		CREATE INDEX "helio_plant_name_trgm" ON "helio_plant" USING gin ("plant_name" gin_trgm_ops);
		CREATE INDEX "helio_plant_region_trgm" ON "helio_plant" USING gin ("region_name" gin_trgm_ops);
		CREATE INDEX "helio_plant_address_trgm" ON "helio_plant" USING gin ("address" gin_trgm_ops);
		CREATE INDEX "helio_device_sn_trgm" ON "helio_device" USING gin ("device_sn" gin_trgm_ops);
	END IF;
END $$;
--> statement-breakpoint
-- Solar elevation in degrees (±1°: Cooper declination, Spencer-style equation of time); the network-status job
-- uses it so a PV-only inverter that sleeps at night is not "disconnected". Same formula as solar.ts.
CREATE FUNCTION helio_sun_elevation(lat double precision, lon double precision, at timestamp with time zone)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT degrees(asin(least(1::float8, greatest(-1::float8,
		sin(radians(lat)) * sin(decl) + cos(radians(lat)) * cos(decl) * cos(radians(15 * (solar_h - 12)))))))
	FROM (
		SELECT radians(-23.44 * cos(radians(360.0 / 365.0 * (doy + 10)))) AS decl,
			utc_h + lon / 15.0 + (9.87 * sin(radians(2 * b)) - 7.53 * cos(radians(b)) - 1.5 * sin(radians(b))) / 60.0 AS solar_h
		FROM (
			SELECT extract(doy FROM at AT TIME ZONE 'UTC')::float8 AS doy,
				(extract(epoch FROM at)::float8 / 3600.0) - floor(extract(epoch FROM at)::float8 / 86400.0) * 24.0 AS utc_h,
				360.0 / 365.0 * (extract(doy FROM at AT TIME ZONE 'UTC')::float8 - 81.0) AS b
		) x
	) y
$$;
