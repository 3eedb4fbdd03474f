import type { ReactNode } from 'react';
import { usePermission } from './permission-store';

/** Render children only when the user holds the permission code. */
export function Can({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  const { has } = usePermission();
  return <>{has(code) ? children : fallback}</>;
}
