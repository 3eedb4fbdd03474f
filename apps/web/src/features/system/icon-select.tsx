import { Select, Space } from 'antd';
import { MenuIcon } from '@/core/menu/menu-icon';
import { MENU_ICONS } from '@/core/menu/menu-icons';

const NAMES = Object.keys(MENU_ICONS).sort();

/** A menu icon by name (the icons the sidebar can draw), with a preview. */
export function IconSelect(props: { value?: string; onChange?: (v: string) => void; disabled?: boolean; placeholder?: string; id?: string }) {
  return (
    <Select
      {...props}
      value={props.value || undefined}
      onChange={(v) => props.onChange?.(v ?? '')}
      allowClear
      showSearch
      options={NAMES.map((name) => ({
        value: name,
        label: (
          <Space>
            <MenuIcon name={name} />
            {name}
          </Space>
        ),
      }))}
      filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
    />
  );
}

/** Icon cell of a menu table. */
export function IconCell({ name }: { name: unknown }) {
  if (!name) return <>-</>;
  return (
    <Space>
      <MenuIcon name={String(name)} />
      <span>{String(name)}</span>
    </Space>
  );
}
