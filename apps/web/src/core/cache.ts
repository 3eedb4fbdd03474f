import { clearServerCache } from '@/core/auth/auth-api';
import { queryClient } from '@/core/query-client';
import { STORAGE_KEYS, local } from '@/core/storage/storage';

/** Clear cached menus and data here and on the server (best effort), then load them again. Keeps the session. */
export async function clearCaches(): Promise<void> {
  await clearServerCache().catch(() => undefined);
  local.remove(STORAGE_KEYS.menu);
  await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'public-settings' });
}
