import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, reply, requestsTo } from '../test/fake-server.ts';
import type { AdminGallery, AdminGalleryImage } from '../../../../../shared/api/galleries.ts';
import { GalleryEditPage } from './gallery-edit-page.tsx';

// FilePond needs a real browser; the e2e suite uploads through it.
vi.mock('./gallery-uploader.tsx', () => ({ GalleryUploader: () => <p>Upload zone</p> }));

const image = (id: number, caption: string, extra: Partial<AdminGalleryImage> = {}): AdminGalleryImage => ({
  id,
  gallery_id: 7,
  status: 'ready',
  error: null,
  rotation: 0,
  image_url: `/media/${id}.jpg`,
  thumb_url: `/media/${id}-thumb.jpg`,
  srcset: null,
  width: 800,
  height: 600,
  alt: `Alt ${id}`,
  link: '',
  url: '',
  caption,
  caption_sub: '',
  order: id,
  ...extra,
});

const gallery = (images: AdminGalleryImage[]): AdminGallery => ({ id: 7, name: 'Hedging', images });

/** The captions of the cards, in the order shown. */
const shownOrder = () =>
  within(screen.getByRole('list', { name: 'Images in display order' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

describe('GalleryEditPage image order', () => {
  afterEach(() => vi.restoreAllMocks());

  it('moves an image with the Move buttons, saves the whole order and keeps the focus on the button', async () => {
    let current = gallery([image(1, 'Beech'), image(2, 'Hornbeam'), image(3, 'Yew')]);
    const seen = fakeServer({
      'GET /api/admin/galleries/7': () => reply(current),
      'POST /api/galleriesimages/order': ({ body }) => {
        const ids = (body as { images: { id: number }[] }).images.map((i) => i.id);
        current = gallery(ids.map((id) => current.images.find((i) => i.id === id)!));
        return reply(current);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<GalleryEditPage />, { url: '/admin/galleries/7', path: '/admin/galleries/:id' });

    const moveRight = await screen.findByRole('button', { name: 'Move right: Image 1 (Beech)' });
    expect(screen.getByRole('button', { name: 'Move left: Image 1 (Beech)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move right: Image 3 (Yew)' })).toBeDisabled();
    await user.click(moveRight);

    await waitFor(() => expect(shownOrder()).toEqual(['Hornbeam', 'Beech', 'Yew']));
    await waitFor(() => expect(requestsTo(seen, 'POST /api/galleriesimages/order')).toHaveLength(1));
    expect(requestsTo(seen, 'POST /api/galleriesimages/order')[0]?.body).toEqual({ id: 7, images: [{ id: 2 }, { id: 1 }, { id: 3 }] });
    // The same image's button keeps the focus after its card moved, ready for another step.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move right: Image 2 (Beech)' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(requestsTo(seen, 'POST /api/galleriesimages/order')).toHaveLength(2));
    expect(requestsTo(seen, 'POST /api/galleriesimages/order')[1]?.body).toEqual({ id: 7, images: [{ id: 2 }, { id: 3 }, { id: 1 }] });
    await waitFor(() => expect(shownOrder()).toEqual(['Hornbeam', 'Yew', 'Beech']));
    // At the end Move right is disabled, so the focus moves to Move left of the same image.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move left: Image 3 (Beech)' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Move left: Image 2 (Yew)' }));
    await waitFor(() => expect(shownOrder()).toEqual(['Yew', 'Hornbeam', 'Beech']));
    expect(requestsTo(seen, 'POST /api/galleriesimages/order').at(-1)?.body).toEqual({ id: 7, images: [{ id: 3 }, { id: 2 }, { id: 1 }] });
  });

  it('shows processing and failed images, and offers no Delete Gallery for the banner galleries', async () => {
    fakeServer({
      'GET /api/admin/galleries/3': () =>
        reply({
          id: 3,
          name: 'Home banner',
          images: [
            image(1, 'Ready'),
            image(2, '', { status: 'processing', thumb_url: null }),
            image(3, '', { status: 'failed', error: 'The file is not a readable image.' }),
          ],
        }),
    });
    renderWithApp(<GalleryEditPage />, { url: '/admin/galleries/3', path: '/admin/galleries/:id' });
    expect(await screen.findByText('Processing…')).toBeInTheDocument();
    expect(screen.getByText('Failed: The file is not a readable image.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Rotate: Image 2/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete Gallery' })).not.toBeInTheDocument();
  });

  it('offers Retry on a failed image only, and shows it processing once queued again', async () => {
    let current = gallery([
      image(1, 'Ready'),
      image(2, 'Broken', { status: 'failed', error: 'The image could not be processed. Please try again.', thumb_url: null }),
    ]);
    const seen = fakeServer({
      'GET /api/admin/galleries/7': () => reply(current),
      'POST /api/galleriesimages/2/retry': () => {
        const retried: AdminGalleryImage = { ...current.images[1]!, status: 'processing', error: null };
        current = gallery([current.images[0]!, retried]);
        return reply(retried, 202);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<GalleryEditPage />, { url: '/admin/galleries/7', path: '/admin/galleries/:id' });

    expect(await screen.findByText('Failed: The image could not be processed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry: Image 1/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry: Image 2 (Broken)' }));
    await waitFor(() => expect(requestsTo(seen, 'POST /api/galleriesimages/2/retry')).toHaveLength(1));
    expect(await screen.findByText('Processing…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry: Image 2/ })).not.toBeInTheDocument();
  });
});
