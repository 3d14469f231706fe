import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockServer } from '../../test/fetch.ts';
import { RequestInfoProvider } from '../../lib/request-context.tsx';
import type { FormPostResult } from '../../lib/request-context.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { ContactForm, STICKY_SUCCESS_QUERY, SUCCESS_MS } from './contact-form.tsx';

/** The page as the server renders it in answer to a no-JavaScript post. */
function renderAfterPost(formPost: FormPostResult) {
  return renderWithApp(
    <RequestInfoProvider value={{ csrfToken: 'csrf-123', formPost }}>
      <ContactForm />
    </RequestInfoProvider>,
    { url: '/contact' },
  );
}

/** Pretends the screen is (or is not) as narrow as a phone. */
function screenIsNarrow(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query === STICKY_SUCCESS_QUERY,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const entry = { name: 'Ann Buyer', telephone: '01233 555010', email: 'ann@example.com', message: 'Two hundred Fagus, please.' };

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Name/), entry.name);
  await user.type(screen.getByLabelText(/Telephone/), entry.telephone);
  await user.type(screen.getByLabelText(/Email/), entry.email);
  await user.type(screen.getByLabelText(/Message/), entry.message);
}

describe('ContactForm', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has labelled, required fields of the right types', () => {
    mockServer({});
    renderWithApp(<ContactForm />);
    for (const label of [/Name/, /Telephone/, /Email/, /Message/]) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Telephone/)).toHaveAttribute('type', 'tel');
  });

  it('shows the first server error under each field, tied to the field', async () => {
    mockServer({
      'POST /api/contact': () =>
        json(
          {
            message: 'The email field must be a valid email address. (and 1 more error)',
            errors: {
              email: ['The email field must be a valid email address.', 'Second email message.'],
              telephone: ['The telephone field must be a valid telephone number.'],
            },
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderWithApp(<ContactForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /send/i }));

    const email = screen.getByLabelText(/Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('The email field must be a valid email address.');
    expect(screen.queryByText('Second email message.')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Telephone/)).toHaveAccessibleDescription('The telephone field must be a valid telephone number.');
    expect(screen.getByLabelText(/Name/)).not.toHaveAttribute('aria-invalid');
    // The first field needing attention gets the focus; the values stay for correcting.
    expect(screen.getByLabelText(/Telephone/)).toHaveFocus();
    expect(email).toHaveValue(entry.email);
  });

  it('works without JavaScript: a plain POST to /contact#contact-form with named fields and the CSRF token', () => {
    mockServer({});
    const { container } = renderWithApp(
      <RequestInfoProvider value={{ csrfToken: 'csrf-123', formPost: null }}>
        <ContactForm />
      </RequestInfoProvider>,
    );
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('id', 'contact-form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/contact#contact-form');
    const data = new FormData(form);
    expect([...data.keys()].sort()).toEqual(['_token', 'email', 'message', 'name', 'telephone']);
    expect(data.get('_token')).toBe('csrf-123');
  });

  it('after an invalid no-JS post shows the values sent and the first error per field', () => {
    mockServer({});
    renderAfterPost({
      form: 'contact',
      status: 'invalid',
      values: { ...entry, email: 'ann@' },
      errors: { email: 'The email field must be a valid email address.' },
    });
    const email = screen.getByLabelText(/Email/);
    expect(email).toHaveValue('ann@');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('The email field must be a valid email address.');
    expect(screen.getByLabelText(/Name/)).toHaveValue(entry.name);
    expect(screen.getByLabelText(/Message/)).toHaveValue(entry.message);
    expect(screen.getByLabelText(/Name/)).not.toHaveAttribute('aria-invalid');
  });

  it('after a failed no-JS post (rate limited) keeps the values and shows the message', () => {
    mockServer({});
    renderAfterPost({
      form: 'contact',
      status: 'failed',
      values: entry,
      errors: {},
      message: 'Too many attempts. Please try again in 42 seconds.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 42 seconds.');
    expect(screen.getByLabelText(/Telephone/)).toHaveValue(entry.telephone);
  });

  it('shows the outcome under the Send button and moves the focus to it', async () => {
    screenIsNarrow(false);
    mockServer({ 'POST /api/contact': () => json({ message: 'Your message was sent successfully' }, 201) });
    const user = userEvent.setup();
    renderWithApp(<ContactForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /send/i }));
    const outcome = await screen.findByText('Your message was sent successfully');
    expect(outcome).toHaveAttribute('role', 'status');
    expect(outcome).toHaveAttribute('tabindex', '-1');
    expect(outcome).toHaveFocus();
    // After the button in document order: where the visitor was looking when they pressed it.
    const button = screen.getByRole('button', { name: /send/i });
    expect(button.compareDocumentPosition(outcome) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('on a narrow screen the success stays past 3 seconds, until the visitor edits the form', async () => {
    screenIsNarrow(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockServer({ 'POST /api/contact': () => json({ message: 'Your message was sent successfully' }, 201) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<ContactForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /send/i }));
    expect(await screen.findByText('Your message was sent successfully')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_MS * 3));
    expect(screen.getByText('Your message was sent successfully')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Name/), 'B');
    expect(screen.queryByText('Your message was sent successfully')).not.toBeInTheDocument();
  });

  it('sends JSON, clears the form and shows the success message for 3 seconds', async () => {
    screenIsNarrow(false);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = mockServer({ 'POST /api/contact': () => json({ message: 'Your message was sent successfully' }, 201) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<ContactForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /send/i }));

    expect(await screen.findByText('Your message was sent successfully')).toBeInTheDocument();
    expect(seen.at(-1)?.body).toEqual(entry);
    for (const label of [/Name/, /Telephone/, /Email/, /Message/]) expect(screen.getByLabelText(label)).toHaveValue('');

    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_MS - 100));
    expect(screen.getByText('Your message was sent successfully')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Your message was sent successfully')).not.toBeInTheDocument();
  });

  it('shows a loading indicator while sending', async () => {
    let answer: (response: Response) => void = () => {};
    mockServer({ 'POST /api/contact': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    renderWithApp(<ContactForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /send/i }));
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    expect(screen.getByText('Sending…').closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: /send/i })).toBeDisabled();
    answer(json({ message: 'ok' }, 201));
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
  });

  it('shows the message of a 429', async () => {
    mockServer({ 'POST /api/contact': () => json({ message: 'Too many attempts. Please try again in 42 seconds.' }, 429) });
    const user = userEvent.setup();
    renderWithApp(<ContactForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /send/i }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 42 seconds.');
  });
});
