import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './vite-precompress';

/** Where `vite` and `vite preview` send `/api` (the Helio server; `npm start` listens on 8080). */
const apiTarget = process.env.HELIO_API_TARGET ?? 'http://127.0.0.1:8080';

/** The `<script type="application/json">` of index.html that names the shell's chunks (read by the login page). */
const SHELL_CHUNKS_ID = 'helio-shell-chunks';

/**
 * Issue 13 (served fast): names in index.html the files of the signed-in shell (`app/layout/shell-layout.tsx`, its
 * static imports and their CSS) that the entry does not load already, as a JSON data block (not a script: the
 * `script-src 'self'` policy holds). Once the sign-in form is interactive the login page preloads them, so that after
 * sign-in the shell comes from the cache instead of over the network while the user waits.
 */
function shellChunks(): Plugin {
  let base = '/';
  return {
    name: 'helio-shell-chunks',
    apply: 'build',
    configResolved(c) {
      base = c.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = new Map<string, { imports: string[]; css: string[] }>();
        const entries: string[] = [];
        let shell: string | undefined;
        for (const out of Object.values(ctx.bundle)) {
          if (out.type !== 'chunk') continue;
          chunks.set(out.fileName, { imports: out.imports, css: [...(out.viteMetadata?.importedCss ?? [])] });
          if (out.isEntry) entries.push(out.fileName);
          const id = out.facadeModuleId?.replaceAll('\\', '/');
          if (id?.endsWith('/src/app/layout/shell-layout.tsx')) shell = out.fileName;
        }
        if (!shell) return html;
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const todo = [...start];
          for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
            if (seen.has(file)) continue;
            seen.add(file);
            todo.push(...(chunks.get(file)?.imports ?? []));
          }
          return seen;
        };
        const loaded = closure(entries);
        const files = [...closure([shell])].filter((file) => !loaded.has(file));
        const css = new Set(files.flatMap((file) => chunks.get(file)?.css ?? []));
        for (const file of loaded) for (const c of chunks.get(file)?.css ?? []) css.delete(c);
        const urls = [...files, ...css].map((file) => base + file);
        const attrs = { type: 'application/json', id: SHELL_CHUNKS_ID };
        return [{ tag: 'script', attrs, children: JSON.stringify(urls), injectTo: 'body' as const }];
      },
    },
  };
}

/**
 * Issue 19 (in the field): a service worker (vite-plugin-pwa's Workbox `generateSW`) precaches the built app — the
 * shell and the pages' chunks — so the console opens without a connection; page navigations fall back to the cached
 * `index.html`. Nothing under /api is cached: calls go to the network (a step submitted offline waits in the
 * offline queue, core/offline). `/sw.js` and the manifest are served `no-cache` by the server (web-app.ts).
 */
const pwa = () =>
  VitePWA({
    registerType: 'autoUpdate',
    // A plain `<script defer src="/registerSW.js">`: nothing inline (the console's CSP is `script-src 'self'`).
    injectRegister: 'script-defer',
    manifest: {
      name: 'Helio',
      short_name: 'Helio',
      start_url: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#409EFF',
      icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    },
    workbox: {
      // The pre-compressed .br/.gz copies are the same files: not precached twice.
      globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      globIgnores: ['**/*.br', '**/*.gz', '.vite/**'],
      maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/(doc|docs|swagger|openapi)/],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });

export default defineConfig(({ mode }) => ({
  plugins: [react(), shellChunks(), precompress(), pwa()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      // react-router's package exports only its development build; production builds take the production one.
      ...(mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Keep modules shared by lazy pages out of the entry chunk: /login must stay small.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
    },
  },
}));
