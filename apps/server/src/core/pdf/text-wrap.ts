/**
 * Line wrapping for fixed-width cells: Han, kana, Hangul and full-width characters may break anywhere, Latin words
 * break at spaces, and a word wider than the cell is split between characters, so no line is ever wider than the
 * cell. A closing punctuation mark does not start a line (it takes the previous character along). Text beyond
 * `maxLines` is cut with an ellipsis.
 */

/** Width of a string in points, in the font and size it will be drawn with. */
export type Measure = (text: string) => number;

const BREAK_ANYWHERE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const NO_LINE_START = /^[，。、；：？！）》」』】〕]$/u;
const NO_LINE_END = /^[（《「『【〔]$/u;
const ELLIPSIS = '…';

function tokens(paragraph: string): string[] {
  const out: string[] = [];
  let word = '';
  const flush = () => {
    if (word) out.push(word);
    word = '';
  };
  for (const ch of paragraph) {
    if (/\s/u.test(ch)) {
      flush();
      out.push(' ');
    } else if (BREAK_ANYWHERE.test(ch)) {
      flush();
      out.push(ch);
    } else {
      word += ch;
    }
  }
  flush();
  return out;
}

function wrapParagraph(paragraph: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = '';
  const push = () => {
    lines.push(line.trimEnd());
    line = '';
  };
  for (const tok of tokens(paragraph)) {
    if (tok === ' ' && line === '') continue;
    if (measure((line + tok).trimEnd()) <= width) {
      line += tok;
      continue;
    }
    if (tok === ' ') {
      push();
      continue;
    }
    // A closing mark must not start a line (it takes the previous character down with it), and an opening mark
    // must not end one (it moves down too), when what moves still fits.
    let carry = '';
    const chars = [...line.trimEnd()];
    if (NO_LINE_START.test(tok) && chars.length > 1) carry = chars.pop() ?? '';
    while (chars.length > 1 && NO_LINE_END.test(chars[chars.length - 1] ?? '')) carry = (chars.pop() ?? '') + carry;
    if (carry && measure(carry + tok) <= width) line = chars.join('');
    else carry = '';
    if (line.trim() !== '') push();
    line = carry;
    if (measure(line + tok) <= width) {
      line += tok;
      continue;
    }
    // Wider than a whole line: split between characters.
    for (const ch of tok) {
      if (line !== '' && measure(line + ch) > width) push();
      line += ch;
    }
  }
  if (line.trim() !== '' || lines.length === 0) push();
  return lines;
}

/** Wraps `text` (hard breaks at \n) into lines no wider than `width`; at most `maxLines` (the last cut with …). */
export function wrapText(text: string, width: number, measure: Measure, maxLines = Infinity): string[] {
  const lines = text.split(/\r?\n/).flatMap((p) => wrapParagraph(p, width, measure));
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const chars = [...(kept[maxLines - 1] ?? '')];
  while (chars.length > 0 && measure(chars.join('') + ELLIPSIS) > width) chars.pop();
  kept[maxLines - 1] = chars.join('') + ELLIPSIS;
  return kept;
}
