/**
 * Builds the PGlite template (db/template.ts): `node dist/db-template.js <out dir> [hash]`, run by build-template.mjs.
 */
import { buildTemplate } from './template.js';

const [out, hash = ''] = process.argv.slice(2);
if (!out) {
  console.error('usage: db-template.js <out dir> [hash]');
  process.exit(2);
}
buildTemplate(out, hash).catch((e) => {
  console.error(e);
  process.exit(1);
});
