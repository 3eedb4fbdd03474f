import { WEBSITE } from '@/core/config';

/** A lazy chunk that has not loaded within the time-out (spec §8: 120 s). */
export class ChunkLoadError extends Error {
  constructor(message = 'ChunkLoadError') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Reject with a ChunkLoadError when the import takes longer than `timeout` ms. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeout: number = WEBSITE.chunkLoadTimeout): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeout} ms`)), timeout);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error && error.name === 'ChunkLoadError' ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}
