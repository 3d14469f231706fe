import sanitizeHtml from 'sanitize-html';

/** Colour values the rich-text editor writes: #hex, rgb()/rgba()/hsl()/hsla() and named colours. */
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^(rgb|hsl)a?\(\s*[-\d.%\s,/]+\)$/i, /^[a-z]{3,20}$/i];
const ALIGN = [/^(left|right|center|justify)$/];
const alignable = { 'text-align': ALIGN };

/**
 * The allow-list for widget HTML, applied on save (the previous site rendered it raw). It covers
 * what the editor's toolbar can produce — bold, italic, underline, colour, alignment, lists,
 * blockquote, link, code — and nothing else: no scripts, event handlers, iframes, style tags,
 * images or `javascript:` links. Text inside script and style elements is dropped with them.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'span', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'code', 'pre'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['style'],
    p: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    li: ['style'],
    blockquote: ['style'],
  },
  allowedStyles: {
    span: { color: COLOUR, 'background-color': COLOUR, ...alignable },
    p: alignable,
    h2: alignable,
    h3: alignable,
    h4: alignable,
    li: alignable,
    blockquote: alignable,
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

/** Widget HTML reduced to the allow-list. Safe to render with dangerouslySetInnerHTML. */
export function sanitizeWidgetHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
