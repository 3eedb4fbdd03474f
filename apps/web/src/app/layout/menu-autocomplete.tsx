import { useMemo, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { flattenLeaves, searchMenus } from '@/core/menu/menu-utils';
import type { MenuItem } from '@/core/menu/types';
import { openMenu } from './search-overlay';
import { useMenuTitle } from './use-menu-title';

/** Top-bar menu autocomplete: same rules as the overlay. */
export function MenuAutocomplete({ menus }: { menus: MenuItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = useMenuTitle();
  const [query, setQuery] = useState('');
  const leaves = useMemo(() => new Map(flattenLeaves(menus).map((m) => [m.id, m])), [menus]);
  const options = useMemo(
    () => searchMenus(menus, query, title).map((m) => ({ value: m.id, label: title(m) })),
    [menus, query, title],
  );
  return (
    <AutoComplete
      className="helio-header__autocomplete"
      options={options}
      value={query}
      onSearch={setQuery}
      onSelect={(id: string) => {
        const item = leaves.get(id);
        setQuery('');
        if (item) openMenu(item, (to) => void navigate(to));
      }}
      popupMatchSelectWidth={260}
    >
      <Input
        size="middle"
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.autocomplete')}
        allowClear
      />
    </AutoComplete>
  );
}
