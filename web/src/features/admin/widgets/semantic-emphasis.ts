import type { Editor } from 'ckeditor5';

/**
 * Italic written as `<em>`, as the seeded copy and the old site's widgets have it. CKEditor's Italic
 * reads both `<em>` and `<i>` but writes `<i>`, so opening a widget and saving it would turn every
 * `<em>` into `<i>`; this downcast, at a higher priority than Italic's own, keeps `<em>`.
 */
export function SemanticEmphasis(editor: Editor): void {
  editor.conversion.for('downcast').attributeToElement({ model: 'italic', view: 'em', converterPriority: 'high' });
}
