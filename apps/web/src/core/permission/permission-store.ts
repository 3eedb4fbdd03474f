import { create } from 'zustand';

interface PermissionState {
  /** Leaf codes of `menu/buttons`, e.g. `user_add`. Held in memory and refetched after a reload. */
  codes: ReadonlySet<string>;
  setCodes(codes: ReadonlySet<string>): void;
  clear(): void;
}

export const usePermissionStore = create<PermissionState>((set) => ({
  codes: new Set<string>(),
  setCodes(codes) {
    set({ codes });
  },
  clear() {
    set({ codes: new Set<string>() });
  },
}));

/** `const { has } = usePermission(); has('user_add')`. */
export function usePermission(): { has(code: string): boolean } {
  const codes = usePermissionStore((s) => s.codes);
  return { has: (code: string) => codes.has(code) };
}
