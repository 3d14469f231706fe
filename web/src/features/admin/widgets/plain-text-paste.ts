import { plainTextToHtml } from 'ckeditor5';
import type { Editor } from 'ckeditor5';

/** The visible text of an HTML fragment, block boundaries turned into line breaks. */
function htmlToPlainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  doc.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, blockquote, pre, tr').forEach((block) => block.append('\n\n'));
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * Pastes as plain text (spec: the widget editor "pastes as plain text"): whatever the clipboard
 * holds — Word, a web page, another editor — only its text arrives, blank lines becoming new
 * paragraphs and single line breaks <br>. Formatting is then applied with the toolbar, so widget
 * HTML stays within what the server's allow-list keeps.
 *
 * CKEditor 5 has no such plugin (PastePlainText only handles Ctrl+Shift+V), so this listens to
 * the view document's `clipboardInput` before the clipboard pipeline (priority high) and replaces
 * the content it is about to insert. Drags inside the editor are left alone.
 */
export function PlainTextPaste(editor: Editor): void {
  editor.editing.view.document.on(
    'clipboardInput',
    (_event, data) => {
      if (data.method !== 'paste') return;
      const transfer = data.dataTransfer;
      const text = transfer.getData('text/plain') || htmlToPlainText(transfer.getData('text/html'));
      data.content = plainTextToHtml(text);
    },
    { priority: 'high' },
  );
}
