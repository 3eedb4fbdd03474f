/**
 * Website configuration: the client's constants (spec §9). One place, so tests and pages read the same values.
 */
export const WEBSITE = {
  /** Prefix of every storage key (cookies, localStorage, sessionStorage). */
  storagePrefix: 'helio',
  /** OAuth client of the web console; a secret in a front end is no boundary, it only names the client. */
  clientId: 'helio',
  clientSecret: 'helio_secret',
  tokenHeader: 'Blade-Auth',
  /** Request timeout, ms. */
  timeout: 60_000,
  /** Token check interval, ms. */
  tokenCheckInterval: 10_000,
  /** Token age (seconds) at which it is refreshed. */
  tokenTime: Number(import.meta.env.VITE_TOKEN_TIME ?? 3000),
  /** Lazy chunk load time-out, ms. */
  chunkLoadTimeout: 120_000,
  /** Codes that reject without a toast (the caller handles them). */
  statusWhiteList: [] as number[],
  defaultTenantId: '000000',
  /** The default primary colour: links and primary buttons in it read at ≥ 4.5:1 on white (WCAG AA; #409EFF was 2.8:1). */
  defaultColor: '#1668DC',
  defaultTheme: 'default',
  defaultLanguage: 'zh-CN',
  firstPage: '/wel/index',
  lockPage: '/lock',
  loginPage: '/login',
  /** Where a user whose password was generated changes it, before anything else opens. */
  changePasswordPage: '/change-password',
  /** Defaults used until `/api/helio/public-settings` answers (spec §1: tenant mode and captcha on). */
  publicSettings: {
    tenantMode: true,
    captchaMode: true,
    switchMode: false,
    registerMode: false,
    defaultTenantId: '000000',
    indexTitle: 'Helio',
  },
  pageSizes: [10, 30, 50, 100, 200],
  pageSize: 10,
} as const;

export const BREAKPOINTS = { sm: 768, md: 992, lg: 1200 } as const;

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
