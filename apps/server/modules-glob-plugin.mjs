// esbuild plugin: the bundle's src/kernel/module-list.ts imports every src/modules/*/module.ts statically (from
// source, the same file reads the folders at start). Shared by build.mjs and the bench builds.
import fs from 'node:fs';
import path from 'node:path';

export function modulesGlobPlugin(srcDir) {
  return {
    name: 'helio-modules-glob',
    setup(build) {
      build.onLoad({ filter: /[\\/]kernel[\\/]module-list\.ts$/ }, () => {
        const modulesDir = path.join(srcDir, 'modules');
        const names = fs
          .readdirSync(modulesDir, { withFileTypes: true })
          .filter((d) => d.isDirectory() && fs.existsSync(path.join(modulesDir, d.name, 'module.ts')))
          .map((d) => d.name)
          .sort();
        const imports = names.map((n, i) => `import m${i} from '../modules/${n}/module.ts';`).join('\n');
        return {
          contents: `${imports}\nexport async function loadManifests() { return [${names.map((_, i) => `m${i}`).join(', ')}]; }\n`,
          loader: 'ts',
          resolveDir: path.join(srcDir, 'kernel'),
          watchFiles: names.map((n) => path.join(modulesDir, n, 'module.ts')),
        };
      });
    },
  };
}
