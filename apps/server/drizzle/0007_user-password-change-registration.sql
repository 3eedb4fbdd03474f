-- Issue 11 items 5–7. Users whose password was generated (created without one, or reset) must change it at their
-- next sign-in.
ALTER TABLE "blade_user" ADD COLUMN "must_change_password" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The deployment-wide initial password is gone: every generated password is per user and shown once to its creator.
DELETE FROM "blade_param" WHERE "param_key" = 'account.initPassword';
--> statement-breakpoint
-- The "approve registrations" button of the user page for deployments seeded before it existed (a fresh database has
-- no menus yet when this runs; its seed adds the button with the rest).
INSERT INTO "blade_menu" ("id", "parent_id", "code", "name", "name_en", "alias", "path", "source", "sort", "category", "action", "is_open")
SELECT 1123598815738679911, p."id", 'user_approve', '注册审核', 'Approve registrations', 'approve', p."path" || '/approve', 'AuditOutlined', 11, 2, 2, 1
FROM "blade_menu" p
WHERE p."code" = 'user' AND p."category" = 1 AND p."is_deleted" = 0
  AND NOT EXISTS (SELECT 1 FROM "blade_menu" m WHERE m."code" = 'user_approve' AND m."is_deleted" = 0)
LIMIT 1;
