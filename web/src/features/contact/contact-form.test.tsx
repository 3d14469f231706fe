import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockServer } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ContactForm, SUCCESS_MS } from './contact-form.tsx';

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

  it('sends JSON, clears the form and shows the success message for 3 seconds', async () => {
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
