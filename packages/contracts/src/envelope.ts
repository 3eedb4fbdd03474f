/** The Blade wire shapes both apps speak: the `R` envelope and the MyBatis-Plus page object carried in `R.data`. */

/** `{code, success, data, msg}` with `success = code === 200`. */
export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** A page of a list: `records` plus `total`, `size`, `current`, `pages`. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}
