/**
 * Every web feature, found by its entry (`features/<feature>/feature.ts`): the console pages by path, the routes
 * outside the shell, the redirects. Evaluating the entries registers their eager locale bundles. Nothing here names a
 * feature: a new folder with an entry is picked up as it is.
 */
import { matchPath } from 'react-router';
import type { Feature, PageEntry, RouteEntry } from '@/core/feature';

const entries = import.meta.glob<Feature>('../features/*/feature.ts', { eager: true, import: 'default' });

/** Feature folder name → its declaration. */
export const FEATURES: ReadonlyMap<string, Feature> = new Map(
  Object.entries(entries).map(([file, feature]) => [/features\/([^/]+)\/feature\.ts$/.exec(file)![1]!, feature]),
);

const CONSOLE_PAGES: readonly PageEntry[] = [...FEATURES.values()].flatMap((f) => f.pages);

/** Routes outside the console shell (sign-in, error pages). */
export const FEATURE_ROUTES: readonly RouteEntry[] = [...FEATURES.values()].flatMap((f) => f.routes);

/** Path → target of every feature's redirects. */
export const REDIRECTS: Readonly<Record<string, string>> = Object.assign({}, ...[...FEATURES.values()].map((f) => f.redirects));

/** The console page answering a location, if a feature serves it. */
export function resolvePage(pathname: string): PageEntry | undefined {
  return CONSOLE_PAGES.find((entry) => matchPath({ path: entry.path, end: true }, pathname) !== null);
}

/** Route patterns of every console page. */
export function registeredPaths(): string[] {
  return CONSOLE_PAGES.map((p) => p.path);
}

/**
 * Every route pattern the app serves, on `window.helioRoutes` for tools that walk every screen (e2e/a11y.spec.ts opens
 * each one): the console pages and the routes outside the shell. Nothing secret: the patterns ship in this bundle.
 */
export function publishRoutes(): void {
  if (typeof window === 'undefined') return;
  (window as { helioRoutes?: { console: string[]; outside: string[] } }).helioRoutes = {
    console: registeredPaths(),
    outside: FEATURE_ROUTES.map((r) => r.path),
  };
}

/**
 * Loads the texts a key names (`<namespace>.<phrase>`) when a feature brings that namespace and has not loaded it yet:
 * a tab restored from the last visit (or kept open across a language switch) names its page by a key of a feature
 * whose page has not been opened in this visit. The texts' arrival redraws whoever shows them (useLocaleRevision).
 */
export function loadTextsOf(key: string): void {
  const namespace = key.split('.')[0];
  for (const feature of FEATURES.values()) {
    if (feature.locales.some((l) => l.namespace === namespace)) void feature.loadLocales().catch(() => undefined);
  }
}
