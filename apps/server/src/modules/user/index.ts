/** The user module's public entry: the password gate the app installs (a generated password is changed first). */
export { installPasswordGate } from './password-gate.js';
