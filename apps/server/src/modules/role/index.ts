/** The role module's public entry: the privilege rules (who may grant what) and the guard of role writes. */
export { Privileges } from './privilege.js';
export { roleCrudGuard } from './role-guard.js';
