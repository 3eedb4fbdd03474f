/**
 * Imported before pdf.js: pdf.js refuses to load when `Array.prototype` holds an enumerable property. The server suite
 * runs several files per worker (vitest `isolate: false`), and drizzle-kit, which another file loads, assigns
 * `Array.prototype.random`. This module runs once per worker (the module cache is shared), possibly before that
 * assignment: so it makes what is there non-enumerable and defines `random` ahead, non-enumerable and writable — a
 * later plain assignment keeps it non-enumerable, and pdf.js loads whichever file comes first.
 */
for (const key of Object.keys(Array.prototype)) {
  const d = Object.getOwnPropertyDescriptor(Array.prototype, key);
  if (d?.enumerable && d.configurable) Object.defineProperty(Array.prototype, key, { ...d, enumerable: false });
}
if (!Object.prototype.hasOwnProperty.call(Array.prototype, 'random')) {
  Object.defineProperty(Array.prototype, 'random', { value: undefined, writable: true, configurable: true, enumerable: false });
}
export {};
