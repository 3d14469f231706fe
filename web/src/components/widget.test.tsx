import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionApi } from '../lib/session/session-api.ts';
import { makeStore } from '../lib/store.ts';
import { json, mockServer } from '../test/fetch.ts';
import { renderWithApp } from '../test/render.tsx';
import { Widget } from './widget.tsx';

const admin = { id: 1, firstname: 'A', lastname: 'B', email: 'a@example.com', role: 'admin' };

describe('Widget', () => {
  it('renders a TEXT widget’s HTML', async () => {
    mockServer({
      'GET /api/widgets/HomeText': () => json({ id: 4, name: 'HomeText', type: 'TEXT', html: '<h2>Welcome</h2><p>Trees.</p>' }),
    });
    renderWithApp(<Widget name="HomeText" />);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /edit/i })).not.toBeInTheDocument();
  });

  it('renders an IMAGE widget as an image with alt and size', async () => {
    mockServer({
      'GET /api/widgets/FindImage': () =>
        json({ id: 7, name: 'FindImage', type: 'IMAGE', image_url: '/media/map.jpg', width: 800, height: 600, alt: 'Map to the nursery' }),
    });
    renderWithApp(<Widget name="FindImage" />);
    const image = await screen.findByRole('img', { name: 'Map to the nursery' });
    expect(image).toHaveAttribute('src', '/media/map.jpg');
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('height', '600');
  });

  it('renders an IMAGE widget with renditions as a lazy <picture>: AVIF and WebP sources, JPEG srcset, sizes and intrinsic size', async () => {
    const srcset = {
      avif: '/media/widgets/7-ab/480.avif 480w, /media/widgets/7-ab/960.avif 960w',
      webp: '/media/widgets/7-ab/480.webp 480w, /media/widgets/7-ab/960.webp 960w',
      jpeg: '/media/widgets/7-ab/480.jpeg 480w, /media/widgets/7-ab/960.jpeg 960w',
    };
    mockServer({
      'GET /api/widgets/FindImage': () =>
        json({
          id: 7,
          name: 'FindImage',
          type: 'IMAGE',
          image_url: '/media/map.png',
          srcset,
          width: 960,
          height: 640,
          alt: 'Map to the nursery',
        }),
    });
    renderWithApp(<Widget name="FindImage" sizes="(min-width: 60rem) 30rem, 100vw" />);
    const image = await screen.findByRole('img', { name: 'Map to the nursery' });
    const picture = image.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const sources = [...picture.querySelectorAll('source')].map((s) => [
      s.getAttribute('type'),
      s.getAttribute('srcset'),
      s.getAttribute('sizes'),
    ]);
    expect(sources).toEqual([
      ['image/avif', srcset.avif, '(min-width: 60rem) 30rem, 100vw'],
      ['image/webp', srcset.webp, '(min-width: 60rem) 30rem, 100vw'],
    ]);
    expect(picture.lastElementChild).toBe(image); // the <img> comes after its sources, or browsers ignore them
    expect(image).toHaveAttribute('src', '/media/map.png');
    expect(image).toHaveAttribute('srcset', srcset.jpeg);
    expect(image).toHaveAttribute('sizes', '(min-width: 60rem) 30rem, 100vw');
    expect(image).toHaveAttribute('width', '960');
    expect(image).toHaveAttribute('height', '640');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).not.toHaveAttribute('fetchpriority');
    expect(image).not.toHaveAttribute('elementtiming');
  });

  it('serves the original alone while renditions are missing, and loads eagerly when told', async () => {
    mockServer({
      'GET /api/widgets/FindImage': () =>
        json({ id: 7, name: 'FindImage', type: 'IMAGE', image_url: '/media/map.png', srcset: null, width: 800, height: 600, alt: 'Map' }),
    });
    renderWithApp(<Widget name="FindImage" loading="eager" />);
    const image = await screen.findByRole('img', { name: 'Map' });
    expect(image.parentElement!.querySelectorAll('source')).toHaveLength(0);
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('elementtiming', 'lead-picture');
  });

  it('shows admins an Edit link to the widget', async () => {
    mockServer({
      'GET /api/user': () => json({ data: admin }),
      'GET /api/widgets/HomeText': () => json({ id: 4, name: 'HomeText', type: 'TEXT', html: '<p>Trees.</p>' }),
    });
    const store = makeStore();
    await store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    renderWithApp(<Widget name="HomeText" />, { store });
    expect(await screen.findByRole('link', { name: /edit/i })).toHaveAttribute('href', '/admin/widgets/4');
  });

  it('logs a failed load and renders nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockServer({});
    const { container } = renderWithApp(<Widget name="Missing" />);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
    error.mockRestore();
  });
});
