/**
 * Packages a start does not need (spreadsheets, PDFs, S3, mail, Redis, node-postgres, …) are loaded on first use:
 * loading them up front cost about a second of every start (BENCHMARKS.md, issue 13).
 */
import { createRequire } from 'node:module';

/**
 * `lazyImport(() => import('pkg'))`: a function that imports once and hands back the same module after; a failed
 * import is tried again on the next call.
 */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw e;
    }));
}

const requireHere = createRequire(import.meta.url);

/**
 * The same for a CommonJS package that synchronous code needs (a constructor): `lazyRequire<typeof import('pkg')>
 * ('pkg')` loads it on the first call.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(id) as T);
}
