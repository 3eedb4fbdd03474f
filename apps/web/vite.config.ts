import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';

/** Where `vite` and `vite preview` send `/api` (the Helio server; `npm start` listens on 8080). */
const apiTarget = process.env.HELIO_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompress()],
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
