/**
 * What a web feature declares about itself, in one entry file (`features/<feature>/feature.ts`, default export of
 * `defineFeature`): the console pages it serves (menu codes or route patterns), its routes outside the shell, its
 * redirects and its locale bundles. The app shell finds every entry with `import.meta.glob` — adding a feature edits
 * no central list. Entries ship with the entry chunk, so they hold declarations and dynamic imports only: each page
 * stays its own chunk, and lazy locale bundles load with the feature's first page.
 */
import { createElement, lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { PAGES } from '@helio/contracts/permissions';
import type { PageCode } from '@helio/contracts/permissions';
import { addLocaleBundle } from '@/core/i18n/i18n';
import { localeFileOf } from '@/core/i18n/resources';
import type { LocaleTree } from '@/core/i18n/resources';
import { withChunkTimeout } from '@/core/lazy';

/** Loads a page component; a dynamic import inside, so the page is its own chunk. */
export type PageLoader = () => Promise<ComponentType>;

/** `page(() => import('./x-page'), 'XPage')`: the named export of a page module. */
export function page<M extends { [P in K]: ComponentType }, K extends string>(load: () => Promise<M>, name: K): PageLoader {
  return () => load().then((module) => module[name] as ComponentType);
}

/**
 * The generic CRUD screen of a resource definition, for a module that is its definition and nothing else (no page
 * file): `resourcePage(() => import('@helio/contracts/modules/x/x.resource'), 'xResource')`.
 */
export function resourcePage<M extends { [P in K]: ResourceDef }, K extends string>(load: () => Promise<M>, name: K): PageLoader {
  return async () => {
    const [{ CrudPage }, module] = await Promise.all([import('@/core/crud/crud-page'), load()]);
    const resource = module[name] as ResourceDef;
    return function ResourcePage() {
      return createElement(CrudPage, { key: resource.name, resource });
    };
  };
}

/**
 * Locale bundles by file, `./locales/<language>/<namespace>.json`, as `import.meta.glob` of the entry returns them:
 * lazy (`{ import: 'default' }`) they load with the feature's pages; eager (`{ eager: true, import: 'default' }`)
 * they ship with the entry chunk (texts the public pages need at once).
 */
export type LocaleFiles = Readonly<Record<string, unknown>>;

export interface PageDef {
  /** The menu page served (`PAGES` of `@helio/contracts/permissions`): the page answers the menu's path. */
  code?: PageCode;
  /** Route pattern (react-router syntax) of a page that is no menu page: a detail page, a page every user has. */
  path?: string;
  page: PageLoader;
  /** i18n key of the title; menu pages take the menu name instead. */
  titleKey?: string;
  /** `false`: not added to the tab bar. */
  isTab?: boolean;
  /** Opens for every signed-in user; otherwise the path must be in the user's menu (or under a menu path). */
  always?: boolean;
}

/** A route outside the console shell (sign-in, error pages): opens without a token (the guard decides), never a tab. */
export interface RouteDef {
  path: string;
  page: PageLoader;
  /** i18n key of the document title. */
  titleKey?: string;
}

export interface FeatureDef {
  locales?: LocaleFiles;
  pages?: readonly PageDef[];
  routes?: readonly RouteDef[];
  /** Path → where it sends the browser (e.g. an area's bare path to its first page). */
  redirects?: Readonly<Record<string, string>>;
}

/** A console page as the shell resolves it. */
export interface PageEntry {
  path: string;
  code?: PageCode;
  page: LazyExoticComponent<ComponentType>;
  titleKey?: string;
  isTab?: boolean;
  always?: boolean;
}

export interface RouteEntry {
  path: string;
  titleKey?: string;
  /** The component, the feature's locales loaded first (with the chunk time-out). */
  load(): Promise<ComponentType>;
}

export interface LocaleBundle {
  /** The file as the entry's glob names it (`./locales/zh-CN/x.json`). */
  file: string;
  language: string;
  namespace: string;
  source: LocaleTree | (() => Promise<LocaleTree>);
}

export interface Feature {
  readonly pages: readonly PageEntry[];
  readonly routes: readonly RouteEntry[];
  readonly redirects: Readonly<Record<string, string>>;
  readonly locales: readonly LocaleBundle[];
  /** Registers the lazy locale bundles (once); eager ones are registered when the entry is evaluated. */
  loadLocales(): Promise<void>;
  /** React.lazy for a named component of this feature used elsewhere, its locales loaded first. */
  lazy<M extends { [P in K]: ComponentType }, K extends string>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType>;
}

function pathOf(def: Pick<PageDef, 'code' | 'path'>): string {
  const menuPath = def.code === undefined ? undefined : PAGES.find((p) => p.code === def.code)?.path;
  if (def.code !== undefined && menuPath === undefined) throw new Error(`unknown menu page code ${def.code}`);
  if (menuPath !== undefined && def.path !== undefined && def.path !== menuPath) {
    throw new Error(`page ${def.code} serves ${menuPath}, not ${def.path}`);
  }
  const path = menuPath ?? def.path;
  if (path === undefined) throw new Error('a page needs a menu code or a path');
  return path;
}

export function defineFeature(def: FeatureDef): Feature {
  const locales: LocaleBundle[] = Object.entries(def.locales ?? {}).map(([file, source]) => {
    const parsed = localeFileOf(file);
    if (!parsed) throw new Error(`locale file ${file} is not locales/<language>/<namespace>.json`);
    return { file, ...parsed, source: source as LocaleBundle['source'] };
  });
  for (const bundle of locales) {
    if (typeof bundle.source !== 'function') addLocaleBundle(bundle.language, bundle.namespace, bundle.source);
  }

  let loading: Promise<void> | undefined;
  const loadLocales = (): Promise<void> => {
    loading ??= Promise.all(
      locales.map(async ({ language, namespace, source }) => {
        if (typeof source === 'function') addLocaleBundle(language, namespace, await source());
      }),
    ).then(
      () => undefined,
      (error: unknown) => {
        loading = undefined; // a later attempt (retry, reload of the page) loads them again
        throw error;
      },
    );
    return loading;
  };

  /** The component with the feature's locales, both under the chunk time-out. */
  const withLocales = (load: PageLoader) => () =>
    withChunkTimeout(() => Promise.all([loadLocales(), load()])).then(([, component]) => component);
  const lazyPage = (load: PageLoader) => lazy(() => withLocales(load)().then((component) => ({ default: component })));

  return {
    pages: (def.pages ?? []).map(({ page: load, ...rest }) => ({ ...rest, path: pathOf(rest), page: lazyPage(load) })),
    routes: (def.routes ?? []).map(({ page: load, ...rest }) => ({ ...rest, load: withLocales(load) })),
    redirects: def.redirects ?? {},
    locales,
    loadLocales,
    lazy: (load, name) => lazyPage(page(load, name)),
  };
}
