import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { Link } from 'react-router-dom';
import type Swiper from 'swiper';
import 'swiper/css';
import 'swiper/css/effect-fade';
import type { GalleryImage } from '../../../shared/api/galleries.ts';
import { leadPictureAttributes } from './lead-picture.ts';
import styles from './slider.module.css';

/** Spec §9: fade, a new slide every 6 s, a 1 s transition, no arrows, no pause on hover. */
const AUTOPLAY_DELAY_MS = 6000;
const TRANSITION_MS = 1000;

/**
 * How long before the first rotation the other slides' pictures are put in the page: time for
 * the next image to arrive before it fades in, long after the first (the LCP image) has loaded.
 */
export const REVEAL_BEFORE_ROTATION_MS = 2000;

/** Props of {@link Slider}. */
export interface SliderProps {
  images: GalleryImage[];
  /** Names the carousel for screen readers. */
  label?: string;
}

/** Read in an effect only: the server cannot know it, and the first render must match the server's. */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The banner slideshow: Swiper's core class with only the fade and autoplay modules, driven from
 * a ref (the swiper/react wrapper would add weight to every visit to `/`) and loaded in its own
 * chunk only when the slideshow is about to move (slider-engine.ts): until then the server's
 * markup already shows the first slide, so a first visit downloads no carousel code. React renders the
 * slides; Swiper only animates them. `rewind` rather than `loop`, because loop mode moves slide
 * elements that React owns — with a fade the two look the same. Slides that are not showing are
 * inert, so their links are not tabbable. A pause button satisfies WCAG 2.2.2 for moving content;
 * people who ask for reduced motion start paused (decided once mounted: the server renders the
 * playing state, and the button's label follows after hydration).
 */
export function Slider({ images, label = 'Featured pictures' }: SliderProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<Swiper | null>(null);
  const [active, setActive] = useState(0);
  const count = images.length;
  const [playing, setPlaying] = useState(count > 1);
  const playingRef = useRef(playing);
  const [revealed, setRevealed] = useState(false);
  const reveal = () => setRevealed(true);
  const mountedAt = useRef(0);

  useEffect(() => {
    if (count === 0) return;
    mountedAt.current = Date.now();
    const autoplay = count > 1 && !prefersReducedMotion();
    if (!autoplay) {
      playingRef.current = false;
      setPlaying(false);
      return;
    }
    const revealTimer = setTimeout(() => setRevealed(true), AUTOPLAY_DELAY_MS - REVEAL_BEFORE_ROTATION_MS);
    return () => clearTimeout(revealTimer);
  }, [count]);

  // Swiper (its own chunk) starts with the reveal: shortly before the first rotation, or when the
  // visitor reaches for the slider. The first slide still moves on AUTOPLAY_DELAY_MS after the
  // page appeared: Swiper reads a slide's own delay from data-swiper-autoplay.
  useEffect(() => {
    const container = containerRef.current;
    if (!revealed || !container || count === 0) return;
    let cancelled = false;
    void import('./slider-engine.ts').then(({ startSlider }) => {
      if (cancelled) return;
      const first = container.querySelector<HTMLElement>('[data-slide="0"]');
      const remaining = AUTOPLAY_DELAY_MS - (Date.now() - mountedAt.current);
      first?.setAttribute('data-swiper-autoplay', String(Math.max(remaining, TRANSITION_MS)));
      swiperRef.current = startSlider(container, {
        count,
        autoplay: playingRef.current,
        delayMs: AUTOPLAY_DELAY_MS,
        transitionMs: TRANSITION_MS,
        onChange: (index) => {
          first?.removeAttribute('data-swiper-autoplay');
          setActive(index);
        },
      });
    });
    return () => {
      cancelled = true;
      swiperRef.current?.destroy(true, false);
      swiperRef.current = null;
    };
  }, [revealed, count]);

  const togglePlaying = () => {
    const control = swiperRef.current?.autoplay;
    if (playing) control?.stop();
    else control?.start();
    playingRef.current = !playing;
    setPlaying(!playing);
  };

  return (
    <section
      className={styles.slider}
      aria-label={label}
      aria-roledescription="carousel"
      // The first interaction of any kind: a swipe, a hover with a mouse, a keyboard focus.
      onPointerDown={revealed ? undefined : reveal}
      onPointerEnter={revealed ? undefined : reveal}
      onFocus={revealed ? undefined : reveal}
    >
      <div ref={containerRef} className={`swiper ${styles.swiper}`}>
        <div className="swiper-wrapper">
          {images.map((image, index) => (
            <div
              key={image.id}
              className={`swiper-slide ${styles.slide}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              data-slide={index}
              inert={index !== active}
            >
              <Slide image={image} first={index === 0} withPicture={index === 0 || revealed} />
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <button type="button" className={styles.pause} aria-label={playing ? 'Pause slideshow' : 'Play slideshow'} onClick={togglePlaying}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            {playing ? <path d="M4 2h3v12H4zM9 2h3v12H9z" fill="currentColor" /> : <path d="M4 2l10 6-10 6z" fill="currentColor" />}
          </svg>
        </button>
      )}
    </section>
  );
}

/**
 * One slide: a responsive <picture> (AVIF, WebP, JPEG) and its optional caption block. Without
 * its picture (not yet revealed) an empty box of the same size stands in.
 */
function Slide({ image, first, withPicture }: { image: GalleryImage; first: boolean; withPicture: boolean }) {
  const target = image.url || image.link;
  // The first slide is the page's largest paint: the browser is told about it in the head, at the
  // width this screen needs (the same srcset and sizes as the picture's AVIF source, so the same
  // file), before the stylesheets and the page's markup. A browser without AVIF ignores the hint.
  if (first && image.srcset) {
    preload(image.srcset.avif.split(' ')[0]!, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: image.srcset.avif,
      imageSizes: '100vw',
      fetchPriority: 'high',
    });
  }
  const hasCaption = Boolean(image.caption || image.caption_sub || target);
  return (
    <>
      {!withPicture && <div className={styles.picture} data-picture-pending="" />}
      {withPicture && (
        <picture className={styles.picture}>
          {image.srcset && <source type="image/avif" srcSet={image.srcset.avif} sizes="100vw" />}
          {image.srcset && <source type="image/webp" srcSet={image.srcset.webp} sizes="100vw" />}
          <img
            src={image.image_url ?? undefined}
            srcSet={image.srcset?.jpeg}
            sizes="100vw"
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            alt={image.alt}
            // The first slide is the page's largest paint; the others wait their turn.
            loading={first ? 'eager' : 'lazy'}
            {...(first ? leadPictureAttributes : {})}
            decoding={first ? 'sync' : 'async'}
          />
        </picture>
      )}
      {hasCaption && (
        <div className={styles.caption}>
          <div className={styles.captionBox}>
            {image.caption && <p className={styles.title}>{image.caption}</p>}
            {image.caption_sub && <p className={styles.sub}>{image.caption_sub}</p>}
            {target && <MoreLink to={target} />}
          </div>
        </div>
      )}
    </>
  );
}

/** "Find Out More": a router link for paths on this site, a plain link for anything else. */
function MoreLink({ to }: { to: string }) {
  if (to.startsWith('/') && !to.startsWith('//')) {
    return (
      <Link className={styles.more} to={to}>
        Find Out More
      </Link>
    );
  }
  return (
    <a className={styles.more} href={to} rel="noopener">
      Find Out More
    </a>
  );
}
