import { WEBSITE } from '@/core/config';

/** Where to go after sign-in: the `redirect` query of the sign-in page when it is a same-site path. */
export function redirectTarget(fullPath: string): string {
  const query = fullPath.includes('?') ? fullPath.slice(fullPath.indexOf('?') + 1) : '';
  const value = new URLSearchParams(query).get('redirect');
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith(WEBSITE.loginPage)) {
    return WEBSITE.firstPage;
  }
  return value;
}
