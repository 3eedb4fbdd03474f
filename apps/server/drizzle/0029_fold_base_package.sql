-- Fold the stock module's old base packages into the epc-package catalogue (one catalogue): every live old package
-- that the tenant's catalogue lacks (same id, same generated code or same name) becomes an epc package coded
-- 'BP-<old id>', its live items become lines naming the SKU by code; then the old tables go.
INSERT INTO "helio_epc_package" ("id", "tenant_id", "code", "name", "description", "enabled", "create_user", "create_dept", "create_time", "update_user", "update_time", "status", "is_deleted", "version")
SELECT b."id", b."tenant_id", 'BP-' || CAST(b."id" AS varchar), b."package_name", b."remark", 1, b."create_user", b."create_dept", b."create_time", b."update_user", b."update_time", b."status", 0, 1
FROM "helio_base_package" b
WHERE b."is_deleted" = 0
  AND NOT EXISTS (SELECT 1 FROM "helio_epc_package" p WHERE p."id" = b."id")
  AND NOT EXISTS (
    SELECT 1 FROM "helio_epc_package" p
    WHERE p."tenant_id" = b."tenant_id" AND p."is_deleted" = 0
      AND (p."code" = 'BP-' || CAST(b."id" AS varchar) OR p."name" = b."package_name")
  );--> statement-breakpoint
INSERT INTO "helio_epc_package_line" ("id", "tenant_id", "package_id", "sku", "quantity", "create_user", "create_dept", "create_time", "update_user", "update_time", "status", "is_deleted", "version")
SELECT i."id", i."tenant_id", i."package_id", s."sku", i."quantity", i."create_user", i."create_dept", i."create_time", i."update_user", i."update_time", i."status", 0, 1
FROM "helio_base_package_item" i
JOIN "helio_epc_package" p ON p."id" = i."package_id" AND p."tenant_id" = i."tenant_id" AND p."code" = 'BP-' || CAST(i."package_id" AS varchar)
JOIN "helio_sku" s ON s."id" = i."sku_id" AND s."tenant_id" = i."tenant_id"
WHERE i."is_deleted" = 0
  AND NOT EXISTS (SELECT 1 FROM "helio_epc_package_line" l WHERE l."id" = i."id");--> statement-breakpoint
DROP TABLE "helio_base_package" CASCADE;--> statement-breakpoint
DROP TABLE "helio_base_package_item" CASCADE;
