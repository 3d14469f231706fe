import { useEffect } from 'react';
import { useGetGalleryQuery } from '../lib/api/gallery-api.ts';
import { Slider } from './slider.tsx';
import styles from './gallery-slider.module.css';

/** Props of {@link GallerySlider}. */
export interface GallerySliderProps {
  galleryId: number;
  label?: string;
}

/**
 * A banner slider fed by a gallery. While loading it holds the slider's height (no layout
 * jump); with no images, or on error (logged), it renders nothing.
 */
export function GallerySlider({ galleryId, label }: GallerySliderProps) {
  const { data, error, isLoading } = useGetGalleryQuery(galleryId);

  useEffect(() => {
    if (error) console.error(`Gallery ${galleryId} could not be loaded`, error);
  }, [error, galleryId]);

  if (isLoading) return <div className={styles.placeholder} aria-hidden="true" />;
  const images = [...(data?.images ?? [])].filter((image) => image.image_url).sort((a, b) => a.order - b.order);
  if (!images.length) return null;
  return <Slider images={images} label={label} />;
}
