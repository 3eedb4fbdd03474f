/** The user module's public entry: the password gate the app installs (a generated password is changed first). */
export { installPasswordGate } from './password-gate.js';
/** User writes with every rule of the user screens (the agent module creates its companies' accounts with it). */
export { UserService, type SaveResult, type UserInput } from './user.service.js';
/** Display names by user id (real name, else account), for neighbours' history and assignee columns. */
export { userNames } from './user.lookup.js';
