import { WEBSITE } from '@/core/config';
import { getAccessToken } from '@/core/auth/token-storage';
import { i18n } from '@/core/i18n/i18n';
import { createHttpClient } from './request';

type Handlers = { onUnauthorized(): void; notify(message: string): void };

const handlers: Handlers = {
  onUnauthorized: () => undefined,
  notify: (message) => console.error(message),
};

/** The shell registers how to log out and how to toast (antd `App` context) once it has mounted. */
export function setHttpHandlers(next: Partial<Handlers>): void {
  Object.assign(handlers, next);
}

/** The app's one HTTP client (spec §7/§8). */
export const http = createHttpClient({
  baseUrl: '',
  fetch: (input, init) => window.fetch(input, init),
  clientId: WEBSITE.clientId,
  clientSecret: WEBSITE.clientSecret,
  tokenHeader: WEBSITE.tokenHeader,
  timeout: WEBSITE.timeout,
  statusWhiteList: WEBSITE.statusWhiteList,
  getToken: getAccessToken,
  getLanguage: () => i18n.language || WEBSITE.defaultLanguage,
  onUnauthorized: () => handlers.onUnauthorized(),
  notify: (message) => handlers.notify(message),
  translate: (key) => i18n.t(`common.http.${key}`),
});
