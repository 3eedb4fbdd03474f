/** `blade_user.status`: 1 normal, 0 disabled, and Helio's PENDING — a self-registration waiting for approval. */
export const ACTIVE = 1;
export const DISABLED = 0;
export const PENDING = 2;
