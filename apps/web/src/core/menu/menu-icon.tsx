import { AppstoreOutlined } from '@ant-design/icons';
import { MENU_ICONS } from './menu-icons';

/** Decorative: the menu text names the item. */
export function MenuIcon({ name }: { name?: string }) {
  const Icon = ((name && MENU_ICONS[name.trim()]) || AppstoreOutlined) as typeof AppstoreOutlined;
  return <Icon aria-hidden="true" />;
}
