-- No-op on purpose (docs/adr/0001-one-way-to-define-a-table.md). The tables of the hand-written DDL (0001_devices.sql,
-- 0002_resources.sql, 0006, 0008) are now declared in Drizzle schema files (src/db/schema-device.ts,
-- src/db/schema-resource.ts; with the indexes 0002 had added to tables of src/db/schema.ts) and drizzle.config.ts
-- reads them all. drizzle-kit generated CREATE TABLE / CREATE INDEX for 30 tables and 43 indexes here; every one of
-- them already exists, exactly as declared, in every database that ran 0000–0009 (test/schema-match.test.ts), so the
-- generated statements were removed and only this migration's snapshot (meta/0010_snapshot.json) is kept: from here
-- on, drizzle-kit diffs those tables like any other. What stays hand-written is listed in src/db/hand-written.ts.
SELECT 1;
