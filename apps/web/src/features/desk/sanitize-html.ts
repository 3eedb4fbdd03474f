/**
 * Notice content is sanitised by the server before it is stored (sanitize-html, modules/notice/notice.routes.ts).
 * The browser sanitises again before it puts HTML into the page or the editor, with the same allow-list: ordinary
 * formatting, links (http, https, mailto) and images (http, https, or a path on this site); no scripts, event
 * handlers, frames, forms or styles beyond a few safe properties.
 */
const TAGS = new Set([
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'code', 'del', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i',
  'img', 'ins', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot',
  'th', 'thead', 'tr', 'u', 'ul',
]);

/** Elements removed with everything inside them (the rest are unwrapped: their text stays). */
const DROP = new Set(['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'noscript', 'template', 'textarea', 'select', 'button', 'svg', 'math', 'link', 'meta', 'base', 'title', 'head']);

const ATTRS: Record<string, readonly string[]> = {
  a: ['href', 'name', 'target', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\))$/i;
const STYLES: Record<string, RegExp> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': /^(left|right|center|justify)$/,
  'font-size': /^\d{1,3}(px|em|rem|%)$/,
  'font-weight': /^(bold|normal|[1-9]00)$/,
  'font-style': /^(italic|normal)$/,
  'text-decoration': /^(underline|line-through|none)$/,
};

/** A link target: http(s) or mailto, or a path on this site (not `//host`). */
export function safeUrl(raw: string, kind: 'href' | 'src'): string | null {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"): judge the URL without them.
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return raw.trim();
  if (url.startsWith('#') && kind === 'href') return raw.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return null;
  const allowed = kind === 'src' ? ['http', 'https'] : ['http', 'https', 'mailto'];
  return allowed.includes(scheme) ? raw.trim() : null;
}

function cleanStyle(style: string): string {
  return style
    .split(';')
    .map((decl) => {
      const i = decl.indexOf(':');
      if (i < 0) return '';
      const prop = decl.slice(0, i).trim().toLowerCase();
      const value = decl.slice(i + 1).trim();
      return STYLES[prop]?.test(value) ? `${prop}: ${value}` : '';
    })
    .filter(Boolean)
    .join('; ');
}

function cleanElement(el: Element, doc: Document): Node | null {
  const tag = el.tagName.toLowerCase();
  if (DROP.has(tag)) return null;
  const children = () => {
    const frag = doc.createDocumentFragment();
    for (const child of Array.from(el.childNodes)) {
      const clean = cleanNode(child, doc);
      if (clean) frag.appendChild(clean);
    }
    return frag;
  };
  if (!TAGS.has(tag)) return children();
  const out = doc.createElement(tag);
  for (const name of ATTRS[tag] ?? []) {
    const value = el.getAttribute(name);
    if (value === null) continue;
    if (name === 'href' || name === 'src') {
      const url = safeUrl(value, name);
      if (url !== null) out.setAttribute(name, url);
    } else if (name === 'target') {
      out.setAttribute('target', '_blank');
    } else if (name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan') {
      if (/^\d{1,4}%?$/.test(value.trim())) out.setAttribute(name, value.trim());
    } else {
      out.setAttribute(name, value);
    }
  }
  if (tag === 'a') out.setAttribute('rel', 'noopener noreferrer');
  const style = el.getAttribute('style');
  if (style) {
    const clean = cleanStyle(style);
    if (clean) out.setAttribute('style', clean);
  }
  if (tag === 'img' && !out.getAttribute('src')) return null;
  out.appendChild(children());
  return out;
}

function cleanNode(node: Node, doc: Document): Node | null {
  if (node.nodeType === 3) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType === 1) return cleanElement(node as Element, doc);
  return null; // comments, processing instructions, …
}

/** Safe HTML of untrusted notice content. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  // Template content is inert: it never runs scripts nor loads images while we look at it.
  const parsed = document.createElement('template');
  parsed.innerHTML = html;
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  for (const child of Array.from(parsed.content.childNodes)) {
    const clean = cleanNode(child, out);
    if (clean) root.appendChild(clean);
  }
  return root.innerHTML;
}

/** The text of notice content (for previews and empty checks). */
export function htmlText(html: string | null | undefined): string {
  if (!html) return '';
  const parsed = document.createElement('template');
  parsed.innerHTML = html;
  return (parsed.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}
