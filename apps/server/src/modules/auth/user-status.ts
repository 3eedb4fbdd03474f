/**
 * `blade_user.status`: 1 normal, 0 disabled, and Helio's PENDING — a self-registration waiting for approval. Only ACTIVE
 * users sign in (a PENDING one is told so); the user module sets them through auth's index.ts.
 */
export const ACTIVE = 1;
export const DISABLED = 0;
export const PENDING = 2;
