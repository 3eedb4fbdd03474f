/**
 * The user's "reduce motion" setting (`prefers-reduced-motion: reduce`, from the operating system or browser): the
 * console then turns antd's motion off — drawers, modals, menus and messages appear without animating.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : undefined;
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

const current = (): boolean => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY).matches : false);

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
