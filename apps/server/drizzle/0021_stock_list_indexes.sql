DROP INDEX "helio_stock_movement_sku_idx";--> statement-breakpoint
CREATE INDEX "helio_stock_log_time_idx" ON "helio_stock_log" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "helio_stock_log_sku_idx" ON "helio_stock_log" USING btree ("sku_id","create_time","id");--> statement-breakpoint
CREATE INDEX "helio_stock_log_warehouse_idx" ON "helio_stock_log" USING btree ("warehouse_id","create_time","id");--> statement-breakpoint
CREATE INDEX "helio_stock_movement_time_idx" ON "helio_stock_movement" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "helio_stock_movement_sku_time_idx" ON "helio_stock_movement" USING btree ("sku_id","create_time","id");--> statement-breakpoint
CREATE INDEX "helio_stock_movement_warehouse_idx" ON "helio_stock_movement" USING btree ("warehouse_id","create_time","id");--> statement-breakpoint
CREATE INDEX "helio_stock_movement_serials_idx" ON "helio_stock_movement" USING gin ("serials" jsonb_path_ops);