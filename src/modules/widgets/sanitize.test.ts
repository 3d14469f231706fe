import { describe, expect, it } from 'vitest';
import type { BusinessDetails } from '../../config.ts';
import { RICH_TEXT_TAGS } from '../../../shared/rich-text.ts';
import { textWidgets } from '../../../seeds/data/widgets.ts';
import { SANITISER_TAGS, sanitizeWidgetHtml } from './sanitize.ts';

const business: BusinessDetails = {
  name: 'Hothfield Nurseries Limited',
  shortName: 'Hothfield Nurseries',
  telephone: '01233 712 400',
  address: 'Hothfield, Kent',
  email: 'sales@example.com',
  companyNumber: '1',
  vatNumber: 'GB1',
  plantHealthNumber: 'GB-1',
};
/** Start tags in document order: the element structure a save must keep. */
const tagsOf = (html: string) => [...html.matchAll(/<([a-z][a-z0-9]*)\b/gi)].map((m) => m[1]!.toLowerCase());

describe('widget HTML allow-list', () => {
  it('is the shared rich-text list the admin editor is built from', () => {
    expect([...SANITISER_TAGS].sort()).toEqual([...RICH_TEXT_TAGS].sort());
  });

  it('keeps every element of the seeded copy, which uses only listed elements', () => {
    for (const widget of textWidgets(business)) {
      for (const tag of tagsOf(widget.html)) expect(RICH_TEXT_TAGS, `${widget.name} <${tag}>`).toContain(tag);
      expect(tagsOf(sanitizeWidgetHtml(widget.html)), widget.name).toEqual(tagsOf(widget.html));
    }
  });
});
