import { describe, expect, it } from 'vitest';
import { expectTextSaysAllHtmlSays, htmlPartText } from './mail-parity.ts';

describe('expectTextSaysAllHtmlSays', () => {
  const html =
    '<html><head><title>Ignored title</title></head><body><h1>Order Q-1</h1><table><tr><th>Qty</th></tr><tr><td>5 &times; Acer &amp; Co</td></tr></table></body></html>';

  it('reads the HTML as a reader sees it', () => {
    expect(htmlPartText(html)).toBe('Order Q-1 Qty 5 × Acer & Co');
  });

  it('passes when the text part says every fact and word (layout phrases aside)', () => {
    expect(() => expectTextSaysAllHtmlSays({ html, text: 'Order Q-1\n5 × Acer & Co\n' }, ['Q-1', 'Acer & Co'], ['Qty'])).not.toThrow();
  });

  it('fails when the text part leaves out a fact or a word the HTML shows', () => {
    expect(() => expectTextSaysAllHtmlSays({ html, text: 'Order Q-1\n' }, ['Acer & Co'])).toThrow(/text part lacks "Acer & Co"/);
    expect(() => expectTextSaysAllHtmlSays({ html, text: 'Order Q-1 5 × Acer\n' }, [], ['Qty'])).toThrow(/missing from the text part/);
  });
});
