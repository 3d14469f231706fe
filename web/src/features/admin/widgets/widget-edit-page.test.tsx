import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChangeEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { FLASH_MS } from '../shared/use-flash.ts';
import { fakeServer, reply, requestsTo } from '../test/fake-server.ts';
import { SAVED_TEXT, WidgetEditPage } from './widget-edit-page.tsx';

// CKEditor needs a real browser; a textarea stands in for it here (the e2e suite drives the real one).
vi.mock('./rich-text-editor.tsx', () => ({
  RichTextEditor: ({ initialHtml, onChange, label }: { initialHtml: string; onChange: (html: string) => void; label: string }) => (
    <textarea aria-label={label} defaultValue={initialHtml} onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value)} />
  ),
}));

const text = { id: 5, name: 'HomeText', type: 'TEXT', html: '<p>Hello</p>', updated_at: '2026-11-22T10:00:00Z' };
const image = { id: 6, name: 'FindImage', type: 'IMAGE', image_url: '/media/widgets/find.jpg', alt: 'Map', width: 800, height: 600 };

describe('WidgetEditPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves as multipart and shows "Your Changes Have Been Saved" for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = fakeServer({
      'GET /api/widgets/5': () => reply(text),
      'POST /api/widgets/5': () => reply({ ...text, html: '<p>Hello there</p>' }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<WidgetEditPage />, { url: '/admin/widgets/5', path: '/admin/widgets/:id' });

    const editor = await screen.findByLabelText('Content');
    await user.clear(editor);
    await user.type(editor, '<p>Hello there</p>');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SAVED_TEXT)).toBeInTheDocument();
    // Multipart, so the browser writes the boundary; the fields as the server reads them.
    const request = requestsTo(seen, 'POST /api/widgets/5')[0]!;
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = request.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({ name: 'HomeText', type: 'TEXT', html: '<p>Hello there</p>', alt: '' });

    await act(() => vi.advanceTimersByTimeAsync(FLASH_MS - 100));
    expect(screen.getByText(SAVED_TEXT)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText(SAVED_TEXT)).not.toBeInTheDocument();
  });

  it('sends the chosen image with its alt text and shows the image errors under the field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen = fakeServer({
      'GET /api/widgets/6': () => reply(image),
      'POST /api/widgets/6': () =>
        reply(
          {
            message: 'The image must be…',
            errors: { image: ['The image must be a JPEG, PNG, WebP, AVIF or GIF file.'], alt: ['Too long.', 'Second alt message.'] },
          },
          415,
        ),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    const user = userEvent.setup();
    renderWithApp(<WidgetEditPage />, { url: '/admin/widgets/6', path: '/admin/widgets/:id' });

    expect(await screen.findByRole('img', { name: 'Map' })).toHaveAttribute('src', '/media/widgets/find.jpg');
    expect(screen.queryByLabelText('Content')).not.toBeInTheDocument();
    const file = new File(['not really a png'], 'photo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(/^Image/), file);
    await user.clear(screen.getByLabelText(/Alt text/));
    await user.type(screen.getByLabelText(/Alt text/), 'A new map');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The image must be a JPEG, PNG, WebP, AVIF or GIF file.')).toBeInTheDocument();
    // Widget fields show every message (spec §5).
    expect(screen.getByLabelText(/Alt text/)).toHaveAccessibleDescription(/Too long\. Second alt message\./);
    const form = requestsTo(seen, 'POST /api/widgets/6')[0]?.body as FormData;
    expect(form.get('type')).toBe('IMAGE');
    expect(form.get('alt')).toBe('A new map');
    // (jsdom's File does not survive undici's Request intact, so only its presence is checked;
    // the e2e suite uploads real images.)
    expect(form.has('image')).toBe(true);
    expect(screen.queryByText(SAVED_TEXT)).not.toBeInTheDocument();
  });
});
