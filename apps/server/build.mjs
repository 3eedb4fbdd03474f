// Bundles the server (and the contracts it imports) into dist/ with esbuild.
// - `server-main.js`, the server proper, carries the npm packages it loads at every start: one file loads in about half
//   the time of some two thousand files resolved one by one (BENCHMARKS.md, issue 13: 1.1 → 0.5 s here). Left outside
//   are packages that find files of their own at run time (WebAssembly, native code, static assets, fonts, worker
//   scripts) and those loaded on first use only (core/lazy-import.ts).
// - `main.js`, the entry point, and the device simulator keep every npm package outside.
import { build } from 'esbuild';
import fs from 'node:fs';
import { modulesGlobPlugin } from './modules-glob-plugin.mjs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const dependencies = Object.keys(pkg.dependencies ?? {});
const OWN_FILES = ['@electric-sql/pglite', '@node-rs/argon2', '@fastify/swagger-ui', '@fastify/static', '@expo-google-fonts/noto-sans-sc', 'pino'];
const ON_FIRST_USE = ['exceljs', 'pdfkit', '@aws-sdk/client-s3', 'mqtt', 'ioredis', 'sanitize-html', 'nodemailer', 'file-type', 'jszip', 'pg', 'svg-captcha', 'saxes'];
// drizzle-orm stays whole outside: its node-postgres driver is loaded on first use, and one copy of its core serves both.
const serverExternal = [...OWN_FILES, ...ON_FIRST_USE, 'drizzle-orm', 'drizzle-orm/*'];

const common = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Stack traces point into src/; the sources themselves are not copied into the map (a smaller map to load).
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [modulesGlobPlugin(new URL('./src', import.meta.url).pathname)],
};
// CommonJS packages inside an ES module bundle expect require, __filename and __dirname.
const cjsShims =
  "import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; import { dirname as __dn } from 'node:path'; " +
  'const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);';

const entries = ['src/main.ts', ...['src/simulator/main.ts'].filter((f) => fs.existsSync(f))];
await build({ ...common, entryPoints: entries, external: dependencies, banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" } });
await build({ ...common, entryPoints: ['src/server-main.ts'], external: serverExternal, banner: { js: cjsShims } });
console.log(`server built: ${[...entries, 'src/server-main.ts'].join(', ')} → dist/`);
