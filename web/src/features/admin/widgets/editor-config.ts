import {
  Alignment,
  BlockQuote,
  Bold,
  Code,
  CodeBlock,
  Essentials,
  FontColor,
  Heading,
  Italic,
  Link,
  List,
  Paragraph,
  Strikethrough,
  Underline,
} from 'ckeditor5';
import type { EditorConfig, HeadingOption, PluginConstructor } from 'ckeditor5';
import { RICH_TEXT_ELEMENTS, RICH_TEXT_HEADINGS, type RichTextFeature } from '../../../../../shared/rich-text.ts';
import { PlainTextPaste } from './plain-text-paste.ts';
import { SemanticEmphasis } from './semantic-emphasis.ts';

/**
 * The plugins behind each feature of the shared rich-text list. Typed as a full record, so adding an
 * element (and its feature) to shared/rich-text.ts does not compile until the editor can load it:
 * an element the editor cannot load is silently dropped when an admin opens and saves a widget.
 */
export const FEATURE_PLUGINS: Record<RichTextFeature, PluginConstructor[]> = {
  paragraph: [Paragraph],
  softBreak: [Essentials], // ShiftEnter is part of Essentials
  bold: [Bold],
  italic: [Italic, SemanticEmphasis],
  underline: [Underline],
  strikethrough: [Strikethrough],
  fontColor: [FontColor],
  heading: [Heading],
  list: [List],
  blockQuote: [BlockQuote],
  link: [Link],
  code: [Code],
  codeBlock: [CodeBlock],
};

/** The spec's toolbar (bold, italic, underline, colour, alignment, lists, blockquote, link, code) plus headings. */
const TOOLBAR = [
  'heading',
  '|',
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'fontColor',
  '|',
  'alignment',
  'bulletedList',
  'numberedList',
  'blockQuote',
  '|',
  'link',
  'code',
  'codeBlock',
];

/** Paragraph plus one option per shared heading level (h2 → "Heading 2"), and no other. */
function headingOptions(): HeadingOption[] {
  return [
    { model: 'paragraph', title: 'Paragraph', class: 'ck-heading_paragraph' },
    ...RICH_TEXT_HEADINGS.map((tag) => {
      const level = tag.slice(1);
      return { model: `heading${level}`, view: tag, title: `Heading ${level}`, class: `ck-heading_heading${level}` } as HeadingOption;
    }),
  ];
}

/** Every plugin the shared element list needs, once each, plus alignment and plain-text paste. */
function editorPlugins(): PluginConstructor[] {
  const needed = new Set(Object.values(RICH_TEXT_ELEMENTS).flatMap((feature) => FEATURE_PLUGINS[feature]));
  return [Essentials, ...needed, Alignment, PlainTextPaste].filter((plugin, index, all) => all.indexOf(plugin) === index);
}

/** The CKEditor configuration for TEXT widgets, built from the shared rich-text list. */
export function editorConfig(label: string): EditorConfig {
  return {
    licenseKey: 'GPL',
    plugins: editorPlugins(),
    toolbar: { items: TOOLBAR, shouldNotGroupWhenFull: false },
    heading: { options: headingOptions() },
    link: {
      defaultProtocol: 'https://',
      // Keeps target="_blank" links (allowed by the sanitiser) instead of dropping the attribute on save.
      decorators: {
        openInNewTab: { mode: 'manual', label: 'Open in a new tab', attributes: { target: '_blank', rel: 'noopener noreferrer' } },
      },
    },
    root: { label },
  };
}
