-- Optimistic locking (docs/security.md): every audited table gets `version` (1 on insert, +1 in each ORM UPDATE);
-- unique indexes behind the uniqueness rules the CRUD engine and the user module check (live rows; per tenant where
-- the rule is). A unique violation maps to the rule's translated 400 (db/unique-constraints.ts).
ALTER TABLE "blade_client" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_dept" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_dict" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_dict_biz" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_notice" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_param" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_post" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_region" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_role" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_scope_api" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_scope_data" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_tenant" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_tenant_package" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_top_menu" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_dict_code_uq" ON "blade_dict" USING btree ("code","language") WHERE "blade_dict"."parent_id" = 0 AND "blade_dict"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_dict_key_uq" ON "blade_dict" USING btree ("code","dict_key","language") WHERE "blade_dict"."parent_id" <> 0 AND "blade_dict"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_dict_biz_code_uq" ON "blade_dict_biz" USING btree ("tenant_id","code","language") WHERE "blade_dict_biz"."parent_id" = 0 AND "blade_dict_biz"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_dict_biz_key_uq" ON "blade_dict_biz" USING btree ("tenant_id","code","dict_key","language") WHERE "blade_dict_biz"."parent_id" <> 0 AND "blade_dict_biz"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_menu_code_uq" ON "blade_menu" USING btree ("code") WHERE "blade_menu"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_post_code_uq" ON "blade_post" USING btree ("tenant_id","post_code") WHERE "blade_post"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_alias_uq" ON "blade_role" USING btree ("tenant_id","role_alias") WHERE "blade_role"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_email_uq" ON "blade_user" USING btree ("tenant_id","email") WHERE "blade_user"."is_deleted" = 0 AND "blade_user"."email" IS NOT NULL AND "blade_user"."email" <> '';