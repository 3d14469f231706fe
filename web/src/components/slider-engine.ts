import Swiper from 'swiper';
import { Autoplay, EffectFade } from 'swiper/modules';

/** What {@link startSlider} needs to know. */
export interface SliderEngineOptions {
  count: number;
  autoplay: boolean;
  delayMs: number;
  transitionMs: number;
  onChange(index: number): void;
}

/**
 * Swiper with only the fade and autoplay modules over slides React has rendered. Its own chunk,
 * loaded by the slider when the slideshow is about to move (or the visitor reaches for it), so the
 * first visit to a page downloads none of it.
 */
export function startSlider(container: HTMLElement, options: SliderEngineOptions): Swiper {
  return new Swiper(container, {
    modules: [EffectFade, Autoplay],
    effect: 'fade',
    fadeEffect: { crossFade: true },
    speed: options.transitionMs,
    rewind: options.count > 1,
    allowTouchMove: options.count > 1,
    autoplay: options.autoplay ? { delay: options.delayMs, disableOnInteraction: false, pauseOnMouseEnter: false } : false,
    on: { activeIndexChange: (instance) => options.onChange(instance.activeIndex) },
  });
}
