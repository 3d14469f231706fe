import { expect } from 'vitest';
import type { CapturedMail } from './smtp.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', times: '×', middot: '·' };

/** The text a reader sees in an HTML part: no head or styles, tags as spaces, entities decoded, spaces collapsed. */
export function htmlPartText(html: string): string {
  return html
    .replace(/<head[\s\S]*?<\/head>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/**
 * Asserts that a mail's plain-text part says all that its HTML part says, for readers and filters
 * that see only the text: every fact (a reference, a line, a date, a link…) appears in both parts,
 * and every word the HTML shows appears in the text part too — apart from `layout`, phrases that
 * exist only as HTML presentation (a table's column headers, "if the button does not work").
 */
export function expectTextSaysAllHtmlSays(
  mail: Pick<CapturedMail, 'html' | 'text'>,
  facts: readonly string[],
  layout: readonly string[] = [],
): void {
  const html = htmlPartText(mail.html);
  const text = squash(mail.text);
  for (const fact of facts) {
    expect(html, `HTML part lacks "${fact}"`).toContain(squash(fact));
    expect(text, `text part lacks "${fact}"`).toContain(squash(fact));
  }
  let shown = html;
  for (const phrase of layout) shown = shown.split(phrase).join(' ');
  const inText = words(text);
  const missing = [...words(shown)].filter((word) => !inText.has(word));
  expect(missing, 'words of the HTML part missing from the text part').toEqual([]);
}
