import { CKEditor } from '@ckeditor/ckeditor5-react';
import { useState } from 'react';
import {
  Alignment,
  BlockQuote,
  Bold,
  ClassicEditor,
  Code,
  Essentials,
  FontColor,
  Italic,
  Link,
  List,
  Paragraph,
  Underline,
} from 'ckeditor5';
import type { EditorConfig } from 'ckeditor5';
import 'ckeditor5/ckeditor5.css';
import { PlainTextPaste } from './plain-text-paste.ts';

/** Props of {@link RichTextEditor}. */
export interface RichTextEditorProps {
  /** The HTML the editor starts with; later changes of this prop are ignored. */
  initialHtml: string;
  onChange: (html: string) => void;
  /** The editing area's accessible name. */
  label: string;
  /** Ties the editing area to an error message under it. */
  describedBy?: string;
}

/** The spec's toolbar: bold, italic, underline, colour, alignment, lists, blockquote, link, code. */
const TOOLBAR = ['bold', 'italic', 'underline', 'fontColor', '|', 'alignment', 'bulletedList', 'numberedList', 'blockQuote', '|', 'link', 'code'];

/**
 * CKEditor 5 (GPL) for TEXT widgets. This module is loaded only by the widget edit page, and only
 * for TEXT widgets, so neither the public site nor other admin screens carry the editor.
 */
export function RichTextEditor({ initialHtml, onChange, label, describedBy }: RichTextEditorProps) {
  // Fixed at mount: handing the component each new value back would make it reset the editor's
  // content (and the caret) whenever React renders behind fast typing.
  const [startHtml] = useState(initialHtml);
  const config: EditorConfig = {
    licenseKey: 'GPL',
    plugins: [Essentials, Paragraph, Bold, Italic, Underline, FontColor, Alignment, List, BlockQuote, Link, Code, PlainTextPaste],
    toolbar: { items: TOOLBAR, shouldNotGroupWhenFull: false },
    link: { defaultProtocol: 'https://' },
    root: { label },
  };
  return (
    <CKEditor
      editor={ClassicEditor}
      config={config}
      data={startHtml}
      onReady={(editor) => {
        const editable = editor.ui.getEditableElement();
        if (editable && describedBy) editable.setAttribute('aria-describedby', describedBy);
      }}
      onChange={(_event, editor) => onChange(editor.getData())}
      onError={(error) => console.error('Editor failed', error)}
    />
  );
}
