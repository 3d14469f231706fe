/**
 * The one list of what widget rich text may contain. The server's sanitiser allows exactly these
 * elements, the admin's CKEditor loads a feature for each of them (so opening and saving a widget
 * never drops one), and the seeded copy is checked against it. Imported by both the server and the
 * web app: keep it free of Node, DOM and library imports.
 */

/** An editor feature, named for what the admin sees; the editor maps each one to its plugins. */
export type RichTextFeature =
  | 'paragraph'
  | 'softBreak'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strikethrough'
  | 'fontColor'
  | 'heading'
  | 'list'
  | 'blockQuote'
  | 'link'
  | 'code'
  | 'codeBlock';

/**
 * Every element widget HTML may hold, with the editor feature that reads and writes it. `b` and `i`
 * are older spellings the editor reads and writes back as `strong` and `em`.
 */
export const RICH_TEXT_ELEMENTS = {
  p: 'paragraph',
  br: 'softBreak',
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strikethrough',
  span: 'fontColor',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  ul: 'list',
  ol: 'list',
  li: 'list',
  blockquote: 'blockQuote',
  a: 'link',
  code: 'code',
  pre: 'codeBlock',
} as const satisfies Record<string, RichTextFeature>;

/** A tag name from {@link RICH_TEXT_ELEMENTS}. */
export type RichTextElement = keyof typeof RICH_TEXT_ELEMENTS;

/** Every allowed tag name, in the order above. */
export const RICH_TEXT_TAGS = Object.keys(RICH_TEXT_ELEMENTS) as RichTextElement[];

/** Heading levels, largest first: the page title is the h1, so widget copy starts at h2. */
export const RICH_TEXT_HEADINGS = RICH_TEXT_TAGS.filter((tag) => RICH_TEXT_ELEMENTS[tag] === 'heading');

/** Blocks the editor's alignment buttons may give a `text-align` style. */
export const RICH_TEXT_ALIGNABLE: readonly RichTextElement[] = ['p', 'h2', 'h3', 'h4', 'li', 'blockquote'];

/** Link attributes kept: the editor's "Open in a new tab" writes target and rel. */
export const RICH_TEXT_LINK_ATTRIBUTES = ['href', 'target', 'rel'] as const;
