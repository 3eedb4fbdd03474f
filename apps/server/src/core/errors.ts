import type { MessageKey } from './i18n.js';

/**
 * A business error: reaches the client as HTTP 400 with body code 400 and a translated message (Blade
 * `ServiceException`). `status` may be raised for the few errors the contract maps elsewhere.
 */
export class BizError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly status = 400,
    readonly code = status,
  ) {
    super(key);
  }
}

/** Missing or invalid credentials: HTTP 401, body code 401; clients log out. */
export class AuthError extends BizError {
  constructor(key: MessageKey = 'unauthorized') {
    super(key, {}, 401, 401);
  }
}

/** Signed in but not allowed: HTTP 403, body code 403 (clients keep the session). */
export class ForbiddenError extends BizError {
  constructor() {
    super('forbidden', {}, 403, 403);
  }
}

/** Field-level validation failure: message already resolved in the caller's language. */
export class ValidationError extends Error {
  readonly status = 400;
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
  }
}
