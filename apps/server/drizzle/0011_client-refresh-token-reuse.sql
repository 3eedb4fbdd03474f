ALTER TABLE "blade_client" ADD COLUMN "refresh_token_reuse" varchar(16) DEFAULT 'strict';--> statement-breakpoint
-- Stock Blade-family clients (Saber, Sword) keep one refresh token per browser tab: compatibility mode (docs/security.md).
UPDATE "blade_client" SET "refresh_token_reuse" = 'lenient' WHERE "client_id" IN ('saber', 'sword', 'saber3');
