import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label } from '@helio/contracts/validation';
import { i18n } from '@/core/i18n/i18n';
import './locale';

/** A definition label in the UI language (definitions carry both: `{zh, en}`). */
export function pickLabel(label: Label | undefined, language: string): string {
  if (!label) return '';
  return language === 'en-US' ? label.en : label.zh;
}

/** `const label = useLabel(); label(field.label)`, re-rendering on a language switch. */
export function useLabel(): (label: Label | undefined) => string {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return useCallback((label: Label | undefined) => pickLabel(label, language), [language]);
}

/** Both languages of a locale key, for fields defined in the web app (their texts live in the locale files). */
export function localeLabel(key: string): Label {
  return { zh: i18n.getFixedT('zh-CN')(key), en: i18n.getFixedT('en-US')(key) };
}
