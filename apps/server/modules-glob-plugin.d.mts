import type { Plugin } from 'esbuild';
/** esbuild plugin: the bundle imports every src/modules/<name>/module.ts statically (see modules-glob-plugin.mjs). */
export function modulesGlobPlugin(srcDir: string): Plugin;
