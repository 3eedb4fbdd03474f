/** Menus and buttons as one tree: icon, path, open mode, English name; the generic screen with an icon picker. */
import { menuResource } from '@helio/contracts/modules/menu/menu.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { FieldOverride } from '@/core/crud/crud-page';
import { IconCell, IconSelect } from './icon-select';

const FIELDS: Record<string, FieldOverride> = {
  source: { render: (v) => <IconCell name={v} />, widget: ({ disabled, placeholder }) => <IconSelect disabled={disabled} placeholder={placeholder} /> },
};

const defaults = () => ({ category: 1, isOpen: 1, alias: 'menu', sort: 1, parentId: '0' });

export function MenuPage() {
  return <CrudPage resource={menuResource} fields={FIELDS} defaults={defaults} />;
}
