import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { onUnauthorized } from '@/core/auth/session';
import { setHttpHandlers } from '@/core/http/http';
import { i18n } from '@/core/i18n/i18n';
import { setToastApi, toast } from '@/core/notify';
import { antdThemeConfig } from '@/core/theme/antd-theme';
import { readablePrimary } from '@/core/theme/contrast';
import { useThemeStore } from '@/core/theme/theme-store';
import { themeLook } from '@/core/theme/themes';
import { useReducedMotion } from '@/core/theme/reduced-motion';

/** Registers antd's message API (themed, in the app locale) for toasts and wires the HTTP client to it. */
function ToastBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setToastApi({
      success: (text) => void api.success({ content: text, key: `ok:${text}` }),
      error: (text) => void api.error({ content: text, key: `err:${text}` }),
      warning: (text) => void api.warning({ content: text, key: `warn:${text}` }),
      info: (text) => void api.info({ content: text, key: `info:${text}` }),
    });
    setHttpHandlers({ notify: (text) => toast.error(text), onUnauthorized });
    return () => setToastApi(null);
  }, [api]);
  return holder;
}

function ThemedConfig({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  const name = useThemeStore((s) => s.theme);
  const color = useThemeStore((s) => s.color);
  const reducedMotion = useReducedMotion();
  const config = useMemo(() => {
    const c = antdThemeConfig(themeLook(name, color), color);
    return reducedMotion ? { ...c, token: { ...c.token, motion: false } } : c;
  }, [name, color, reducedMotion]);

  useEffect(() => {
    dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
  }, [language]);

  // Plain CSS (links on the public pages, the search overlay) reads the primary colour from here.
  // `data-look`: light or dark, for the few rules of styles/global.css that differ (tag words).
  useEffect(() => {
    document.documentElement.style.setProperty('--helio-primary', readablePrimary(color));
    document.documentElement.dataset.look = themeLook(name, color).dark ? 'dark' : 'light';
  }, [color, name]);

  return (
    <ConfigProvider locale={language === 'en-US' ? enUS : zhCN} theme={config}>
      <ToastBridge />
      {children}
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedConfig>{children}</ThemedConfig>
    </I18nextProvider>
  );
}
