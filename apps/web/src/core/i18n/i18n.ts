import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { WEBSITE, isLanguage } from '@/core/config';
import type { Language } from '@/core/config';
import { STORAGE_KEYS, local } from '@/core/storage/storage';
import { buildResources } from './resources';
import type { LocaleTree } from './resources';

/** The remembered language (localStorage), applied before sign-in; zh-CN by default. */
export function storedLanguage(): Language {
  const value = local.get<string>(STORAGE_KEYS.language, WEBSITE.defaultLanguage);
  return isLanguage(value) ? value : WEBSITE.defaultLanguage;
}

const resources = buildResources();

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: resources['zh-CN'] },
    'en-US': { translation: resources['en-US'] },
  },
  lng: storedLanguage(),
  fallbackLng: false,
  supportedLngs: ['zh-CN', 'en-US'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // Feature chunks add their texts when they load (`addResourceBundle`): re-render what already asked for them (a
  // tab named by a detail page's key showed the bare key until the next language switch).
  react: { bindI18nStore: 'added' },
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export function setLanguage(language: Language): void {
  local.set(STORAGE_KEYS.language, language);
  void i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : WEBSITE.defaultLanguage;
}

/** Adds the texts of one namespace in one language (a feature's bundle, the CRUD engine's), over what is there. */
export function addLocaleBundle(language: string, namespace: string, tree: LocaleTree): void {
  i18n.addResourceBundle(language, 'translation', { [namespace]: tree }, true, true);
}

/** How many times texts were added so far (counted from the start, so no arrival is missed between render and effect). */
let added = 0;
const listeners = new Set<() => void>();
i18n.store.on('added', () => {
  added += 1;
  for (const l of listeners) l();
});
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * A number that changes whenever texts are added (a feature's bundle arrived). Components that show a text of a
 * bundle loaded later (the page title of a lazily loaded page) take it as a render dependency, so they redraw with the
 * text instead of keeping its key: react-i18next's own `bindI18nStore` did not redraw them reliably. An external
 * store, so a bundle that arrives between a render and its effect still redraws (a subscription made in an effect
 * missed it: the a11y sweep once read a bare key as the page's heading).
 */
export function useLocaleRevision(): number {
  return useSyncExternalStore(subscribe, () => added, () => added);
}
