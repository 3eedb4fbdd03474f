-- Issue 13: the home page's device figures kept incrementally, as the energy rollups are. One row per tenant and
-- station (plant_id 0: devices without a station) with the live registrations' inverter and battery counts, rated
-- inverter power and installed battery capacity (from the live factory rows of their serial numbers). Triggers on the
-- registrations and on the inverter and battery factory lists add what each write changed, so any writer (API,
-- import, seed, plain SQL) keeps the rows exact; a station with nothing left keeps its row, with zeros. The home page
-- then sums a few rows per station instead of looking up every device's factory row on every call.
-- Inserts and deletes are handled per statement (a whole fleet registers in one), updates per row and only when a
-- column that counts changed (the hot updates — connection state, network status, usage flags — fire nothing).
CREATE TABLE "helio_plant_device_summary" (
	"tenant_id" varchar(12) NOT NULL,
	"plant_id" bigint NOT NULL,
	"inverters" integer DEFAULT 0 NOT NULL,
	"batteries" integer DEFAULT 0 NOT NULL,
	"rated_kw" double precision DEFAULT 0 NOT NULL,
	"battery_kwh" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "helio_plant_device_summary_pk" PRIMARY KEY ("tenant_id", "plant_id")
);
--> statement-breakpoint
CREATE INDEX "helio_plant_device_summary_plant_idx" ON "helio_plant_device_summary" ("plant_id");
--> statement-breakpoint
-- Adds (tenant, station, Δinverters, Δbatteries, ΔkW, ΔkWh) deltas. Additions commute, so concurrent writers on
-- PostgreSQL need no more than the row lock of the upsert.
CREATE FUNCTION helio_plant_device_summary_add(tenants varchar[], plants bigint[], inv integer[], bat integer[], kw double precision[], kwh double precision[])
RETURNS void LANGUAGE sql AS $$
	INSERT INTO "helio_plant_device_summary" AS s ("tenant_id", "plant_id", "inverters", "batteries", "rated_kw", "battery_kwh")
	SELECT c.t, c.p, sum(c.i), sum(c.b), sum(c.kw), sum(c.kwh)
	FROM unnest(tenants, plants, inv, bat, kw, kwh) AS c(t, p, i, b, kw, kwh)
	GROUP BY c.t, c.p
	ON CONFLICT ("tenant_id", "plant_id") DO UPDATE SET
		"inverters" = s."inverters" + excluded."inverters", "batteries" = s."batteries" + excluded."batteries",
		"rated_kw" = s."rated_kw" + excluded."rated_kw", "battery_kwh" = s."battery_kwh" + excluded."battery_kwh"
$$;
--> statement-breakpoint
-- Registrations (`sign` 1: they arrive, -1: they leave): each live one's type count and its factory figures as they
-- stand (a factory change since was added by the factory triggers).
CREATE FUNCTION helio_plant_device_summary_devices(r helio_device[], sign integer) RETURNS void LANGUAGE sql AS $$
	SELECT helio_plant_device_summary_add(array_agg(d.tenant_id), array_agg(coalesce(d.plant_id, 0)),
		array_agg(CASE WHEN d.device_type = 1 THEN sign ELSE 0 END), array_agg(CASE WHEN d.device_type = 2 THEN sign ELSE 0 END),
		array_agg(CASE WHEN d.device_type = 1 THEN sign * coalesce((SELECT f.rated_power FROM "helio_inverter_factory" f WHERE f.device_sn = d.device_sn AND f.is_deleted = 0), 0) ELSE 0 END),
		array_agg(CASE WHEN d.device_type = 2 THEN sign * coalesce((SELECT f.energy_kwh FROM "helio_battery_factory" f WHERE f.device_sn = d.device_sn AND f.is_deleted = 0), 0) ELSE 0 END))
	FROM unnest(r) AS d WHERE d.is_deleted = 0
$$;
--> statement-breakpoint
CREATE FUNCTION helio_plant_device_summary_on_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM helio_plant_device_summary_devices(ARRAY(SELECT ROW(r.*)::helio_device FROM new_rows r), 1);
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM helio_plant_device_summary_devices(ARRAY(SELECT ROW(r.*)::helio_device FROM old_rows r), -1);
	ELSE
		PERFORM helio_plant_device_summary_devices(ARRAY[OLD], -1);
		PERFORM helio_plant_device_summary_devices(ARRAY[NEW], 1);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Factory rows (`kind` 1 inverter: rated power, 2 battery: capacity; `sign` as above): a live row's figure at the live
-- registration of its serial number.
CREATE FUNCTION helio_plant_device_summary_factory(kind integer, sns varchar[], vals double precision[], sign integer) RETURNS void LANGUAGE sql AS $$
	SELECT helio_plant_device_summary_add(array_agg(d.tenant_id), array_agg(coalesce(d.plant_id, 0)), array_agg(0), array_agg(0),
		array_agg(CASE WHEN kind = 1 THEN sign * coalesce(f.v, 0) ELSE 0 END), array_agg(CASE WHEN kind = 2 THEN sign * coalesce(f.v, 0) ELSE 0 END))
	FROM unnest(sns, vals) AS f(sn, v) JOIN "helio_device" d ON d.device_sn = f.sn AND d.is_deleted = 0 AND d.device_type = kind
$$;
--> statement-breakpoint
CREATE FUNCTION helio_plant_device_summary_on_inverter_factory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM helio_plant_device_summary_factory(1, array_agg(r.device_sn), array_agg(r.rated_power), 1) FROM new_rows r WHERE r.is_deleted = 0;
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM helio_plant_device_summary_factory(1, array_agg(r.device_sn), array_agg(r.rated_power), -1) FROM old_rows r WHERE r.is_deleted = 0;
	ELSE
		IF OLD.is_deleted = 0 THEN PERFORM helio_plant_device_summary_factory(1, ARRAY[OLD.device_sn], ARRAY[OLD.rated_power], -1); END IF;
		IF NEW.is_deleted = 0 THEN PERFORM helio_plant_device_summary_factory(1, ARRAY[NEW.device_sn], ARRAY[NEW.rated_power], 1); END IF;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION helio_plant_device_summary_on_battery_factory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM helio_plant_device_summary_factory(2, array_agg(r.device_sn), array_agg(r.energy_kwh), 1) FROM new_rows r WHERE r.is_deleted = 0;
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM helio_plant_device_summary_factory(2, array_agg(r.device_sn), array_agg(r.energy_kwh), -1) FROM old_rows r WHERE r.is_deleted = 0;
	ELSE
		IF OLD.is_deleted = 0 THEN PERFORM helio_plant_device_summary_factory(2, ARRAY[OLD.device_sn], ARRAY[OLD.energy_kwh], -1); END IF;
		IF NEW.is_deleted = 0 THEN PERFORM helio_plant_device_summary_factory(2, ARRAY[NEW.device_sn], ARRAY[NEW.energy_kwh], 1); END IF;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "helio_device_summary_ins" AFTER INSERT ON "helio_device" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION helio_plant_device_summary_on_device();
--> statement-breakpoint
CREATE TRIGGER "helio_device_summary_del" AFTER DELETE ON "helio_device" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION helio_plant_device_summary_on_device();
--> statement-breakpoint
CREATE TRIGGER "helio_device_summary_upd" AFTER UPDATE ON "helio_device" FOR EACH ROW
	WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.plant_id IS DISTINCT FROM NEW.plant_id OR OLD.device_type IS DISTINCT FROM NEW.device_type
		OR OLD.device_sn IS DISTINCT FROM NEW.device_sn OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted)
	EXECUTE FUNCTION helio_plant_device_summary_on_device();
--> statement-breakpoint
CREATE TRIGGER "helio_inverter_factory_summary_ins" AFTER INSERT ON "helio_inverter_factory" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION helio_plant_device_summary_on_inverter_factory();
--> statement-breakpoint
CREATE TRIGGER "helio_inverter_factory_summary_del" AFTER DELETE ON "helio_inverter_factory" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION helio_plant_device_summary_on_inverter_factory();
--> statement-breakpoint
CREATE TRIGGER "helio_inverter_factory_summary_upd" AFTER UPDATE ON "helio_inverter_factory" FOR EACH ROW
	WHEN (OLD.device_sn IS DISTINCT FROM NEW.device_sn OR OLD.rated_power IS DISTINCT FROM NEW.rated_power OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted)
	EXECUTE FUNCTION helio_plant_device_summary_on_inverter_factory();
--> statement-breakpoint
CREATE TRIGGER "helio_battery_factory_summary_ins" AFTER INSERT ON "helio_battery_factory" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION helio_plant_device_summary_on_battery_factory();
--> statement-breakpoint
CREATE TRIGGER "helio_battery_factory_summary_del" AFTER DELETE ON "helio_battery_factory" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION helio_plant_device_summary_on_battery_factory();
--> statement-breakpoint
CREATE TRIGGER "helio_battery_factory_summary_upd" AFTER UPDATE ON "helio_battery_factory" FOR EACH ROW
	WHEN (OLD.device_sn IS DISTINCT FROM NEW.device_sn OR OLD.energy_kwh IS DISTINCT FROM NEW.energy_kwh OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted)
	EXECUTE FUNCTION helio_plant_device_summary_on_battery_factory();
--> statement-breakpoint
-- The registrations already there.
INSERT INTO "helio_plant_device_summary" ("tenant_id", "plant_id", "inverters", "batteries", "rated_kw", "battery_kwh")
SELECT d.tenant_id, coalesce(d.plant_id, 0),
	count(*) FILTER (WHERE d.device_type = 1), count(*) FILTER (WHERE d.device_type = 2),
	coalesce(sum(CASE WHEN d.device_type = 1 THEN (SELECT f.rated_power FROM "helio_inverter_factory" f WHERE f.device_sn = d.device_sn AND f.is_deleted = 0) END), 0),
	coalesce(sum(CASE WHEN d.device_type = 2 THEN (SELECT f.energy_kwh FROM "helio_battery_factory" f WHERE f.device_sn = d.device_sn AND f.is_deleted = 0) END), 0)
FROM "helio_device" d WHERE d.is_deleted = 0
GROUP BY d.tenant_id, coalesce(d.plant_id, 0);
