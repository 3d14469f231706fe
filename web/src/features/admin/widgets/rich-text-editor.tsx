import { CKEditor } from '@ckeditor/ckeditor5-react';
import { useState } from 'react';
import { ClassicEditor } from 'ckeditor5';
import 'ckeditor5/ckeditor5.css';
import { editorConfig } from './editor-config.ts';

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

/**
 * CKEditor 5 (GPL) for TEXT widgets. This module is loaded only by the widget edit page, and only
 * for TEXT widgets, so neither the public site nor other admin screens carry the editor.
 */
export function RichTextEditor({ initialHtml, onChange, label, describedBy }: RichTextEditorProps) {
  // Fixed at mount: handing the component each new value back would make it reset the editor's
  // content (and the caret) whenever React renders behind fast typing.
  const [startHtml] = useState(initialHtml);
  const config = editorConfig(label);
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
