/**
 * Hand-served `list` (+ `page`) and `detail` of read-mostly resources (attachments, reports, logs, the SMS outbox):
 * the CRUD engine's read-only form, crud/read-only.ts (the same list query, allow-lists and VO shape as the engine),
 * as routes or as a repository without HTTP.
 */
export {
  readOnlyRepository,
  registerReadRoutes,
  type ReadOnlyOptions,
  type ReadOnlyRepository,
  type ReadRoutesOptions,
  type ReadTable,
} from '../crud/read-only.js';
