/**
 * What a notice may hold: its content sanitised to ordinary formatting (sanitize-html), its title to plain text.
 */
import type sanitizeHtml from 'sanitize-html';
import { lazyRequire } from '../../core/lazy-import.js';

/** Loaded at the first notice written or read (core/lazy-import.ts). */
const sanitizer = lazyRequire<typeof sanitizeHtml>('sanitize-html');

/** Beyond the library's default tags. */
const EXTRA_TAGS = ['img', 'span', 'h1', 'h2', 'u', 's', 'del', 'ins', 'sub', 'sup'];
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\)$/i];

/** What a notice may contain: ordinary formatting, links and images over http(s) or relative paths; no scripts,
 * no event handlers, no frames, no forms, no style beyond a few safe properties. */
const NOTICE_HTML: Omit<sanitizeHtml.IOptions, 'allowedTags'> = {
  allowedAttributes: {
    a: ['href', 'name', 'target', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(px|em|rem|%)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...(attribs.target ? { target: '_blank' } : {}), rel: 'noopener noreferrer' } }),
  },
};

/** The library's default tags plus ours, made once (at the first notice, when the library is loaded). */
let noticeOptions: sanitizeHtml.IOptions | undefined;

export function sanitizeNotice(html: string): string {
  const s = sanitizer();
  noticeOptions ??= { ...NOTICE_HTML, allowedTags: [...s.defaults.allowedTags, ...EXTRA_TAGS] };
  return s(html, noticeOptions);
}

const NO_MARKUP: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

/**
 * A notice title is plain text, sanitised by the same library as the content with nothing allowed: tags go (and the
 * content of script/style elements with them), `<` and `>` stay escaped as `&lt;`/`&gt;`, so the result is inert
 * whether a client shows it as text or as HTML; `&amp;` is given back as `&` so ordinary titles ("Q&A") read as typed.
 * Idempotent: applied on write and again on every read (rows stored before this rule).
 */
export function sanitizeNoticeTitle(title: string): string {
  return sanitizer()(title, NO_MARKUP).replace(/&amp;/g, '&').trim();
}
