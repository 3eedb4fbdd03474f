-- Station list filtered by network status: walk the index in list order and stop after one page
-- (bench/charts.bench.mjs: 100,000 stations, networkStatus=1).
CREATE INDEX "helio_plant_status_list_idx" ON "helio_plant" ("network_status", "create_time" DESC, "id" DESC) WHERE "is_deleted" = 0;
--> statement-breakpoint
CREATE INDEX "helio_plant_tenant_status_list_idx" ON "helio_plant" ("tenant_id", "network_status", "create_time" DESC, "id" DESC) WHERE "is_deleted" = 0;
