import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import type { GalleryImage } from '../../../shared/api/galleries.ts';
import { REVEAL_BEFORE_ROTATION_MS, Slider } from './slider.tsx';

const image = (id: number, extra: Partial<GalleryImage> = {}): GalleryImage => ({
  id,
  status: 'ready',
  image_url: `/media/${id}-1600.jpg`,
  thumb_url: `/media/${id}-thumb.jpg`,
  srcset: { avif: `/media/${id}-800.avif 800w`, webp: `/media/${id}-800.webp 800w`, jpeg: `/media/${id}-800.jpg 800w` },
  width: 1600,
  height: 900,
  alt: `Slide ${id}`,
  link: '',
  url: '',
  caption: '',
  caption_sub: '',
  order: id,
  ...extra,
});

describe('Slider', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders responsive pictures: AVIF, WebP, JPEG; the first eager and high priority, the rest lazy', () => {
    const { container } = renderWithApp(<Slider images={[image(1), image(2), image(3)]} />);
    fireEvent.pointerDown(screen.getByRole('region'));
    const pictures = container.querySelectorAll('picture');
    expect(pictures).toHaveLength(3);
    const [first, second] = [...pictures];
    expect(first?.querySelector('source[type="image/avif"]')).toHaveAttribute('srcset', '/media/1-800.avif 800w');
    expect(first?.querySelector('source[type="image/webp"]')).toHaveAttribute('srcset', '/media/1-800.webp 800w');
    const firstImg = first?.querySelector('img');
    expect(firstImg).toHaveAttribute('srcset', '/media/1-800.jpg 800w');
    expect(firstImg).toHaveAttribute('sizes', '100vw');
    expect(firstImg).toHaveAttribute('width', '1600');
    expect(firstImg).toHaveAttribute('height', '900');
    expect(firstImg).toHaveAttribute('alt', 'Slide 1');
    expect(firstImg).toHaveAttribute('loading', 'eager');
    expect(firstImg).toHaveAttribute('fetchpriority', 'high');
    // Timed: the app starts once it is on screen (web/src/app/boot.ts).
    expect(firstImg).toHaveAttribute('elementtiming', 'lead-picture');
    expect(second?.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(second?.querySelector('img')).not.toHaveAttribute('elementtiming');
    expect(container.querySelector('.swiper-button-next, .swiper-button-prev')).toBeNull();
  });

  it('shows caption, sub-caption and a Find Out More link only when the slide has them', () => {
    renderWithApp(<Slider images={[image(1, { caption: 'Hedging', caption_sub: 'Bare root in winter', url: '/catalogue' }), image(2)]} />);
    const slide = screen.getByRole('group', { name: '1 of 2' });
    expect(within(slide).getByText('Hedging')).toBeInTheDocument();
    expect(within(slide).getByText('Bare root in winter')).toBeInTheDocument();
    expect(within(slide).getByRole('link', { name: 'Find Out More' })).toHaveAttribute('href', '/catalogue');
    expect(screen.getAllByRole('link', { name: 'Find Out More' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
  });
});

describe('Slider: only the first picture before the visitor interacts or the slider turns', () => {
  const images = [image(1), image(2), image(3)];
  const pictureCount = (container: HTMLElement) => container.querySelectorAll('picture').length;

  it('renders one picture at first, and a same-sized box for each other slide', () => {
    const { container } = renderWithApp(<Slider images={images} />);
    expect(pictureCount(container)).toBe(1);
    expect(container.querySelector('picture img')).toHaveAttribute('alt', 'Slide 1');
    expect(container.querySelectorAll('[data-picture-pending]')).toHaveLength(2);
  });

  it('server-renders the first slide only, eager and high priority', () => {
    const html = renderToString(
      <MemoryRouter>
        <Slider images={images} />
      </MemoryRouter>,
    );
    expect(html.match(/<picture/g)).toHaveLength(1);
    expect(html).toMatch(/<img[^>]*fetchPriority="high"|<img[^>]*fetchpriority="high"/);
    expect(html).toContain('loading="eager"');
  });

  it.each([
    ['a pointer down (a swipe starts)', (region: HTMLElement) => fireEvent.pointerDown(region)],
    ['a mouse over it', (region: HTMLElement) => fireEvent.pointerEnter(region)],
    ['keyboard focus inside it', () => act(() => screen.getByRole('button', { name: 'Pause slideshow' }).focus())],
  ])('renders the other pictures after %s', (_name, interact) => {
    const { container } = renderWithApp(<Slider images={images} />);
    interact(screen.getByRole('region'));
    expect(pictureCount(container)).toBe(3);
  });

  it('renders the other pictures shortly before the first rotation', async () => {
    vi.useFakeTimers();
    const { container } = renderWithApp(<Slider images={images} />);
    await act(() => vi.advanceTimersByTimeAsync(6000 - REVEAL_BEFORE_ROTATION_MS - 100));
    expect(pictureCount(container)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(pictureCount(container)).toBe(3);
  });
});
