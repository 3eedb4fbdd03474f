// Bundles the server (and the contracts it imports) into dist/ with esbuild; npm packages stay external.
import { build } from 'esbuild';
import fs from 'node:fs';
import { modulesGlobPlugin } from './modules-glob-plugin.mjs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

const entries = ['src/main.ts', ...['src/simulator/main.ts'].filter((f) => fs.existsSync(f))];
await build({
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  plugins: [modulesGlobPlugin(new URL('./src', import.meta.url).pathname)],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
console.log(`server built: ${entries.join(', ')} → dist/`);
