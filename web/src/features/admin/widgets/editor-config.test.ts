import { Heading } from 'ckeditor5';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_ELEMENTS, RICH_TEXT_HEADINGS, RICH_TEXT_TAGS } from '../../../../../shared/rich-text.ts';
import { editorConfig, FEATURE_PLUGINS } from './editor-config.ts';

// The sanitiser's side of the same list is checked in src/modules/widgets/sanitize.test.ts; the
// e2e suite opens and saves every seeded widget in the real editor.
describe('editorConfig', () => {
  const config = editorConfig('Content');

  it('loads a plugin for every element the shared rich-text list (and so the sanitiser) allows', () => {
    for (const tag of RICH_TEXT_TAGS) {
      for (const plugin of FEATURE_PLUGINS[RICH_TEXT_ELEMENTS[tag]]) expect(config.plugins, `<${tag}>`).toContain(plugin);
    }
  });

  it('offers exactly the shared heading levels, and a heading menu to pick them', () => {
    expect(config.plugins).toContain(Heading);
    const views = (config.heading?.options ?? []).map((option) => ('view' in option ? option.view : option.model));
    expect(views).toEqual(['paragraph', ...RICH_TEXT_HEADINGS]);
    expect(RICH_TEXT_HEADINGS).toEqual(['h2', 'h3', 'h4']);
    expect((config.toolbar as { items: string[] }).items).toContain('heading');
  });
});
