import { describe, expect, it } from 'vitest';
import { htmlText, safeUrl, sanitizeHtml } from './sanitize-html';

describe('notice HTML allow-list (the browser side of the server sanitiser)', () => {
  it('keeps ordinary formatting, lists, tables and safe styles', () => {
    const html = '<h2 style="text-align: center">Title</h2><p><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></p><ul><li>one</li></ul><table><tbody><tr><td colspan="2">x</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html.replace('text-align: center', 'text-align: center'));
    expect(sanitizeHtml('<span style="color: #ff0000; position: fixed; background-image: url(x)">red</span>')).toBe('<span style="color: #ff0000">red</span>');
  });

  it('drops scripts, frames, forms and styles with their content, and every event handler', () => {
    expect(sanitizeHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<iframe title="frame"></iframe><style>body{}</style><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeHtml('<img src="https://x/a.png" onerror="alert(1)" onload="x()">')).toBe('<img src="https://x/a.png">');
    expect(sanitizeHtml('<p onclick="x()" class="a" id="b">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg><math><mi>x</mi></math>')).toBe('');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<form action="/x"><label>name</label><input value="v"></form>')).toBe('name');
    expect(sanitizeHtml('<font color="red">text</font>')).toBe('text');
  });

  it('allows only http(s)/mailto links and http(s) or same-site images', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="https://helio.example/a" target="_self">x</a>')).toBe('<a href="https://helio.example/a" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeHtml('<img src="/api/blade-resource/oss/endpoint/file/1/abc" alt="a">')).toBe('<img src="/api/blade-resource/oss/endpoint/file/1/abc" alt="a">');
    expect(safeUrl('//evil.example/x', 'src')).toBeNull();
    expect(safeUrl('mailto:a@b.c', 'href')).toBe('mailto:a@b.c');
    expect(safeUrl('mailto:a@b.c', 'src')).toBeNull();
    expect(safeUrl('vbscript:x', 'href')).toBeNull();
  });

  it('drops comments and gives the text of content', () => {
    expect(sanitizeHtml('<!-- hidden --><p>x</p>')).toBe('<p>x</p>');
    expect(htmlText('<p>Hello <b>world</b></p>\n<p> again </p>')).toBe('Hello world again');
    expect(htmlText('')).toBe('');
  });
});
