import { useEffect, useMemo, useRef, useState } from 'react';
import { Empty, Input } from 'antd';
import type { InputRef } from 'antd';
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuTarget, opensInNewWindow, searchMenus } from '@/core/menu/menu-utils';
import type { MenuItem } from '@/core/menu/types';
import { MenuIcon } from '@/core/menu/menu-icon';
import { useShellStore } from './shell-store';
import { useMenuTitle } from './use-menu-title';

export function openMenu(item: MenuItem, navigate: (to: string) => void): void {
  if (opensInNewWindow(item)) window.open(item.path, '_blank', 'noopener,noreferrer');
  else navigate(menuTarget(item));
}

/** Full-screen menu search (Esc closes): leaf items, name prefix, case-insensitive. */
export function SearchOverlay({ menus }: { menus: MenuItem[] }) {
  const { t } = useTranslation();
  const open = useShellStore((s) => s.searchOpen);
  const setShell = useShellStore((s) => s.set);
  const navigate = useNavigate();
  const title = useMenuTitle();
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const input = useRef<InputRef>(null);
  const results = useMemo(() => searchMenus(menus, query, title), [menus, query, title]);

  useEffect(() => {
    if (!open) return;
    setQuery('');
    setCursor(0);
    const focus = setTimeout(() => input.current?.focus(), 0);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setShell({ searchOpen: false });
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(focus);
      window.removeEventListener('keydown', onKey);
    };
  }, [open, setShell]);

  if (!open) return null;

  const choose = (item: MenuItem) => {
    setShell({ searchOpen: false });
    openMenu(item, (to) => void navigate(to));
  };

  return (
    <div className="helio-search" role="dialog" aria-modal="true" aria-label={t('search.title')}>
      <button
        type="button"
        className="helio-search__close"
        aria-label={t('common.action.close')}
        onClick={() => setShell({ searchOpen: false })}
      >
        <CloseOutlined />
      </button>
      <div className="helio-search__box">
        <Input
          ref={input}
          size="large"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setCursor(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') setCursor((c) => Math.min(c + 1, results.length - 1));
            else if (e.key === 'ArrowUp') setCursor((c) => Math.max(c - 1, 0));
            else if (e.key === 'Enter' && results[cursor]) choose(results[cursor]);
          }}
        />
        <p className="helio-search__hint">{t('search.hint')}</p>
        {query.trim() && results.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />
        ) : (
          <ul className="helio-search__list" role="listbox" aria-label={t('search.results')}>
            {results.map((item, index) => (
              <li
                key={item.id}
                role="option"
                aria-selected={index === cursor}
                className={index === cursor ? 'is-active' : undefined}
                onMouseEnter={() => setCursor(index)}
                onClick={() => choose(item)}
              >
                <MenuIcon name={item.source} />
                <span className="helio-search__name">{title(item)}</span>
                <span className="helio-search__path">{item.path}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
