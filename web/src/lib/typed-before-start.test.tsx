import { act, startTransition, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replayTypingBeforeHydration, ReplayTypingBeforeHydration } from './typed-before-start.ts';

/** A controlled field and what its state holds, as the app's forms have. */
function Form() {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  return (
    <form>
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <textarea aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
      <input type="checkbox" aria-label="Remember" />
      <output>{`${email}|${note}`}</output>
    </form>
  );
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('text typed before the app hydrated', () => {
  it('reaches the components’ state once hydrated (hydration alone keeps it only on screen)', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    container.querySelector<HTMLInputElement>('input[aria-label="Email"]')!.value = 'pat@example.com';
    container.querySelector('textarea')!.value = 'By Friday';

    await act(async () => hydrateRoot(container, <Form />));
    // React kept the text in the fields, but its state is still the server's.
    expect(container.querySelector('input')!.value).toBe('pat@example.com');
    expect(container.querySelector('output')!.textContent).toBe('|');

    await act(async () => replayTypingBeforeHydration(container));
    expect(container.querySelector('output')!.textContent).toBe('pat@example.com|By Friday');
    expect(container.querySelector('input')!.value).toBe('pat@example.com');
  });

  it('is what a form sends when it is submitted while the page is still hydrating', async () => {
    const sent: string[] = [];
    function SignUp() {
      const [email, setEmail] = useState('');
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            sent.push(email);
          }}
        >
          <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <button type="submit">Send</button>
        </form>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignUp />);
    document.body.append(container);
    container.querySelector('input')!.value = 'pat@example.com';

    // As main.tsx does: hydration is a transition, still under way when the visitor presses Send.
    await act(async () => {
      startTransition(() => {
        hydrateRoot(
          container,
          <>
            <SignUp />
            <ReplayTypingBeforeHydration root={container} />
          </>,
        );
      });
      container.querySelector('button')!.click();
    });
    expect(sent).toEqual(['pat@example.com']);
  });
});
