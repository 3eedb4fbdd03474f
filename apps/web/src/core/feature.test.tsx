import { Suspense, isValidElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { paramResource } from '@helio/contracts/modules/param/param.resource';
import { CrudPage } from '@/core/crud/crud-page';
import { defineFeature, page, resourcePage } from '@/core/feature';
import { i18n, setLanguage } from '@/core/i18n/i18n';

/** A page that records every text it rendered. */
function probePage(key: string, seen: string[]) {
  return function Probe() {
    const { t } = useTranslation();
    const text = t(key);
    seen.push(text);
    return <p>{text}</p>;
  };
}

function show(Page: React.ComponentType) {
  render(
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<span>loading</span>}>
        <Page />
      </Suspense>
    </I18nextProvider>,
  );
}

beforeEach(() => setLanguage('zh-CN'));
afterEach(cleanup);

describe('defineFeature', () => {
  it('registers eager locale bundles when the entry is evaluated', () => {
    expect(i18n.exists('eagerprobe.hello')).toBe(false);
    defineFeature({
      locales: {
        './locales/zh-CN/eagerprobe.json': { hello: '你好' },
        './locales/en-US/eagerprobe.json': { hello: 'Hello' },
      },
    });
    expect(i18n.t('eagerprobe.hello')).toBe('你好');
    expect(i18n.getFixedT('en-US')('eagerprobe.hello')).toBe('Hello');
  });

  it('loads lazy locale bundles with the page, before its first render, once', async () => {
    let loads = 0;
    const seen: string[] = [];
    const feature = defineFeature({
      locales: {
        './locales/zh-CN/lazyprobe.json': async () => (loads++, { hello: '懒加载' }),
        './locales/en-US/lazyprobe.json': async () => (loads++, { hello: 'Lazy' }),
      },
      pages: [{ path: '/probe', page: async () => probePage('lazyprobe.hello', seen) }],
    });
    expect(i18n.exists('lazyprobe.hello')).toBe(false);
    expect(loads).toBe(0);

    show(feature.pages[0]!.page);
    expect(await screen.findByText('懒加载')).toBeTruthy();
    expect(seen).not.toContain('lazyprobe.hello');
    expect(i18n.getFixedT('en-US')('lazyprobe.hello')).toBe('Lazy');

    await feature.loadLocales();
    expect(loads).toBe(2);
  });

  it('gives routes and shared components the same locales first', async () => {
    const seen: string[] = [];
    const feature = defineFeature({
      locales: { './locales/zh-CN/routeprobe.json': async () => ({ hi: '路由' }), './locales/en-US/routeprobe.json': async () => ({ hi: 'Route' }) },
      routes: [{ path: '/probe-route', titleKey: 'routeprobe.hi', page: async () => probePage('routeprobe.hi', seen) }],
    });
    const Component = await feature.routes[0]!.load();
    expect(i18n.exists('routeprobe.hi')).toBe(true);
    show(Component);
    expect(screen.getByText('路由')).toBeTruthy();

    const other = defineFeature({
      locales: { './locales/zh-CN/widgetprobe.json': async () => ({ hi: '部件' }), './locales/en-US/widgetprobe.json': async () => ({ hi: 'Widget' }) },
    });
    show(other.lazy(async () => ({ Widget: probePage('widgetprobe.hi', seen) }), 'Widget'));
    expect(await screen.findByText('部件')).toBeTruthy();
    expect(seen.filter((s) => s.includes('probe.'))).toEqual([]);
  });

  it('loads the locales again after a failed attempt', async () => {
    let fail = true;
    const feature = defineFeature({
      locales: {
        './locales/zh-CN/retryprobe.json': async () => {
          if (fail) throw new Error('offline');
          return { ok: '好' };
        },
      },
    });
    await expect(feature.loadLocales()).rejects.toThrow('offline');
    fail = false;
    await feature.loadLocales();
    expect(i18n.t('retryprobe.ok')).toBe('好');
  });

  it('takes a menu page path from its code, and refuses an unknown code or a path that is not the menu path', () => {
    const load = async () => () => null;
    expect(defineFeature({ pages: [{ code: 'param', page: load }] }).pages[0]).toMatchObject({ code: 'param', path: '/system/param' });
    expect(defineFeature({ pages: [{ path: '/x/detail/:id', page: load }] }).pages[0]!.path).toBe('/x/detail/:id');
    expect(() => defineFeature({ pages: [{ code: 'nope' as 'param', page: load }] })).toThrow(/unknown menu page code nope/);
    expect(() => defineFeature({ pages: [{ code: 'param', path: '/system/post', page: load }] })).toThrow(/serves \/system\/param/);
    expect(() => defineFeature({ pages: [{ page: load }] })).toThrow(/menu code or a path/);
    expect(() => defineFeature({ locales: { './zh-CN.json': {} } })).toThrow(/locales\/<language>\/<namespace>\.json/);
  });

  it('page() takes the named export; resourcePage() the generic screen of a definition', async () => {
    function Named() {
      return null;
    }
    expect(await page(async () => ({ Named }), 'Named')()).toBe(Named);

    const Screen = await resourcePage(async () => ({ paramResource }), 'paramResource')();
    const element = (Screen as () => React.ReactElement)();
    expect(isValidElement(element)).toBe(true);
    expect(element.type).toBe(CrudPage);
    expect(element.props).toMatchObject({ resource: paramResource });
    expect(element.key).toBe('param');
  });
});
