import { useLayoutEffect } from 'react';

/** A text field of the page: what a visitor can type into. */
type TextField = HTMLInputElement | HTMLTextAreaElement;

const NOT_TYPED = new Set(['checkbox', 'radio', 'hidden', 'submit', 'reset', 'button', 'file', 'image']);

/**
 * Hands the app what a visitor typed before it had hydrated: a server-rendered page can be filled
 * in at once, and the app starts after the first paint. Hydrating keeps the text in a field but
 * not in its component's state: React takes the server's value as the state's, and records it as
 * the field's `defaultValue`. So, once hydrated, a field whose text differs from its
 * `defaultValue` was typed into, and a form sent next would send the server's value. Each such
 * field is told of its text as if typed now: React's change tracking is set to the old value, the
 * text is put back past it, and an input event makes the component's onChange take it.
 */
export function replayTypingBeforeHydration(root: HTMLElement): void {
  // All read first: the first field's change re-renders its form, and React then writes every
  // other controlled field of it back to its state's value.
  const typed = [...root.querySelectorAll<TextField>('input, textarea')]
    .filter((field) => !(field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) && field.value !== field.defaultValue)
    .map((field) => ({ field, text: field.value }));
  for (const { field, text } of typed) {
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    if (!setValue || !field.isConnected) continue;
    field.value = field.defaultValue;
    setValue.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Renders nothing; hands typed text to the app (see {@link replayTypingBeforeHydration}) as the
 * tree it is in hydrates: in a layout effect, i.e. within the commit that hydrates it. The
 * passive effects of a hydration run as a transition come later, in a task of their own, and a
 * click landing before them would have its form send what the server rendered, not what was typed.
 * A Suspense boundary (the page under the layout) hydrates in a commit of its own, after the
 * root's: place one inside it too, or text typed into the page before then is never searched or
 * sent. `root`: where to look (by default the whole document).
 */
export function ReplayTypingBeforeHydration({ root }: { root?: HTMLElement }): null {
  useLayoutEffect(() => replayTypingBeforeHydration(root ?? document.body), [root]);
  return null;
}
