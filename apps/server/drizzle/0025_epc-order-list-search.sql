-- Trigram indexes for the "contains" filters of the installer order list (order number, customer name; 100,000
-- orders, bench/epc-order.bench.mjs) where pg_trgm is installed (0001_devices.sql tries to create it). PGlite and
-- servers without it skip them: those filters read helio_epc_order_list_idx.
DO $$ BEGIN
	IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
		CREATE INDEX "helio_epc_order_number_trgm" ON "helio_epc_order" USING gin ("order_number" gin_trgm_ops) WHERE "is_deleted" = 0;
		CREATE INDEX "helio_epc_order_customer_trgm" ON "helio_epc_order" USING gin ("customer_name" gin_trgm_ops) WHERE "is_deleted" = 0;
	END IF;
END $$;
