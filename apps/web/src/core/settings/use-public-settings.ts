import { fetchPublicSettings } from '@/core/auth/auth-api';
import type { PublicSettings } from '@/core/auth/types';
import { WEBSITE } from '@/core/config';
import { useResource } from '@/core/use-resource';

/** Public settings (tenant mode, captcha, switch mode, register mode, index title); defaults until they answer. */
export function usePublicSettings(): { settings: PublicSettings; loading: boolean } {
  const resource = useResource('public-settings', fetchPublicSettings);
  return { settings: { ...WEBSITE.publicSettings, ...(resource.data ?? {}) }, loading: resource.loading };
}
