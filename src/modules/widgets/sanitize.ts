import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ALIGNABLE, RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_TAGS } from '../../../shared/rich-text.ts';

/** Colour values the rich-text editor writes: #hex, rgb()/rgba()/hsl()/hsla() and named colours. */
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^(rgb|hsl)a?\(\s*[-\d.%\s,/]+\)$/i, /^[a-z]{3,20}$/i];
const ALIGN = [/^(left|right|center|justify)$/];
const alignable = { 'text-align': ALIGN };

/**
 * The allow-list for widget HTML, applied on save (the previous site rendered it raw). The elements
 * come from shared/rich-text.ts, the list the admin's editor is built from, so what the editor
 * writes survives and nothing else does: no scripts, event handlers, iframes, style tags, images or
 * `javascript:` links. Text inside script and style elements is dropped with them.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: [...RICH_TEXT_LINK_ATTRIBUTES],
    span: ['style'],
    ...Object.fromEntries(RICH_TEXT_ALIGNABLE.map((tag) => [tag, ['style']])),
  },
  allowedStyles: {
    span: { color: COLOUR, 'background-color': COLOUR, ...alignable },
    ...Object.fromEntries(RICH_TEXT_ALIGNABLE.map((tag) => [tag, alignable])),
  },
  // Relative links (no scheme) stay allowed; protocol-relative ones (//host) do not.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const attrs: Record<string, string> = { ...attribs };
      if (attrs.target !== undefined && attrs.target !== '_blank' && attrs.target !== '_self') delete attrs.target;
      // A link that opens a new tab must not hand the new page a handle on this one.
      if (attrs.target === '_blank') attrs.rel = 'noopener noreferrer';
      else if (attrs.rel !== undefined && !/^[a-z ]{0,60}$/i.test(attrs.rel)) delete attrs.rel;
      return { tagName, attribs: attrs };
    },
  },
};

/** The elements the sanitiser keeps (for the test that ties it to the editor's list). */
export const SANITISER_TAGS: readonly string[] = OPTIONS.allowedTags as string[];

/** Widget HTML reduced to the allow-list. Safe to render with dangerouslySetInnerHTML. */
export function sanitizeWidgetHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
