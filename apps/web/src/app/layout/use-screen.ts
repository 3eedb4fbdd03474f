import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@/core/config';

/** Size classes at 768, 992 and 1200 px (spec §2, §9). */
export type ScreenSize = 'xs' | 'sm' | 'md' | 'lg';

export function screenSizeOf(width: number): ScreenSize {
  if (width < BREAKPOINTS.sm) return 'xs';
  if (width < BREAKPOINTS.md) return 'sm';
  if (width < BREAKPOINTS.lg) return 'md';
  return 'lg';
}

function subscribe(callback: () => void): () => void {
  window.addEventListener('resize', callback);
  return () => window.removeEventListener('resize', callback);
}

export function useScreenSize(): ScreenSize {
  return useSyncExternalStore(
    subscribe,
    () => screenSizeOf(window.innerWidth),
    () => 'lg' as const,
  );
}
