/** A menu row from `GET /api/blade-system/menu/routes` (category 1 only). */
export interface MenuItem {
  id: string;
  parentId?: string;
  code: string;
  name: string;
  path: string;
  /** antd icon name, e.g. `ThunderboltOutlined`. */
  source?: string;
  sort?: number;
  category?: number;
  /** 1 no, 2 yes: an external link opens in a new window. */
  isOpen?: number;
  meta?: { i18n?: string; roles?: string[] };
  children?: MenuItem[];
}

/** `GET /api/blade-system/menu/top-menu` row. */
export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source?: string;
  path?: string;
  sort?: number;
}

/** A button tree node from `GET /api/blade-system/menu/buttons`. */
export interface ButtonNode {
  id?: string;
  code: string;
  children?: ButtonNode[];
}
