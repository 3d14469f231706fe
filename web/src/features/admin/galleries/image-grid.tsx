import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLayoutEffect, useRef } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import type { AdminGalleryImage } from '../../../../../shared/api/galleries.ts';
import styles from './galleries.module.css';

/** Props of {@link ImageGrid}. */
export interface ImageGridProps {
  /** The images in the order shown. */
  images: readonly AdminGalleryImage[];
  /** Called with every image id in the new order after a drag or a Move button. */
  onReorder: (ids: number[]) => void;
  onEdit: (image: AdminGalleryImage) => void;
  onRotate: (image: AdminGalleryImage) => void;
  /** Queues a failed image's renditions again (offered on failed images only). */
  onRetry: (image: AdminGalleryImage) => void;
  onDelete: (image: AdminGalleryImage) => void;
  /** While an order is being saved the move controls wait. */
  disabled?: boolean;
}

/** "Image 3 (Beech hedge)": how an image is named in labels and announcements. */
function imageLabel(image: AdminGalleryImage, position: number): string {
  const text = image.caption || image.alt;
  return text ? `Image ${position} (${text})` : `Image ${position}`;
}

/**
 * The gallery's images as a sortable grid: drag by the handle (mouse, touch, or the keyboard:
 * Space to lift, arrows to move, Space to drop), or use the explicit Move left / Move right
 * buttons. Each card also offers Edit, Rotate and Delete, and Retry on an image that failed.
 */
export function ImageGrid({ images, onReorder, onEdit, onRotate, onRetry, onDelete, disabled = false }: ImageGridProps) {
  const sensors = useSensors(
    // A small distance, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = images.map((image) => image.id);
  const position = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up image ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ over }) => (over ? `Over position ${position(over.id)} of ${ids.length}.` : 'Not over a position.'),
    onDragEnd: ({ over }) => (over ? `Dropped at position ${position(over.id)} of ${ids.length}.` : 'Dropped where it was.'),
    onDragCancel: () => 'Moving cancelled; the image is back where it was.',
  };

  // React moves a card's DOM node to reorder it, which drops the focus of a Move button inside
  // it; this puts the focus back on that card's button after the move.
  const refocus = useRef<{ id: number; button: 'left' | 'right' } | null>(null);
  const gridRef = useRef<HTMLOListElement>(null);
  const order = ids.join(',');
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    const card = gridRef.current?.querySelector(`[data-image-id="${target.id}"]`);
    const wanted = card?.querySelector<HTMLButtonElement>(`[data-move="${target.button}"]`);
    const other = card?.querySelector<HTMLButtonElement>(`[data-move="${target.button === 'left' ? 'right' : 'left'}"]`);
    const button = wanted && !wanted.disabled ? wanted : other;
    if (button && document.activeElement !== button) button.focus();
    refocus.current = null;
  }, [order]);

  const move = (from: number, to: number, button?: 'left' | 'right') => {
    if (to < 0 || to >= ids.length || from === to) return;
    const id = ids[from];
    if (button && id !== undefined) refocus.current = { id, button };
    onReorder(arrayMove(ids, from, to));
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move an image, press Space or Enter to pick it up, use the arrow keys to move it, then Space or Enter to drop it, or Escape to cancel. The Move left and Move right buttons do the same one step at a time.',
        },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled}>
        <ol ref={gridRef} className={styles.images} aria-label="Images in display order">
          {images.map((image, index) => (
            <SortableImage
              key={image.id}
              image={image}
              position={index + 1}
              count={images.length}
              disabled={disabled}
              onMoveLeft={() => move(index, index - 1, 'left')}
              onMoveRight={() => move(index, index + 1, 'right')}
              onEdit={() => onEdit(image)}
              onRotate={() => onRotate(image)}
              onRetry={() => onRetry(image)}
              onDelete={() => onDelete(image)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface SortableImageProps {
  image: AdminGalleryImage;
  position: number;
  count: number;
  disabled: boolean;
  onMoveLeft: () => void;
  onMoveRight: () => void;
  onEdit: () => void;
  onRotate: () => void;
  onRetry: () => void;
  onDelete: () => void;
}

function SortableImage({
  image,
  position,
  count,
  disabled,
  onMoveLeft,
  onMoveRight,
  onEdit,
  onRotate,
  onRetry,
  onDelete,
}: SortableImageProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.id });
  const label = imageLabel(image, position);
  const processing = image.status === 'processing';

  return (
    <li
      ref={setNodeRef}
      className={styles.image}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-dragging={isDragging}
      data-status={image.status}
      data-image-id={image.id}
    >
      <div className={styles.picture}>
        <ImagePicture image={image} />
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.handle}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${label} to reorder`}
        >
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
            <g fill="currentColor">
              <circle cx="6" cy="4" r="1.6" />
              <circle cx="12" cy="4" r="1.6" />
              <circle cx="6" cy="9" r="1.6" />
              <circle cx="12" cy="9" r="1.6" />
              <circle cx="6" cy="14" r="1.6" />
              <circle cx="12" cy="14" r="1.6" />
            </g>
          </svg>
        </button>
        <span className={styles.position} aria-hidden="true">
          {position}
        </span>
      </div>
      {(image.caption || image.alt) && (
        <div className={styles.meta}>
          <p>{image.caption || image.alt}</p>
        </div>
      )}
      <div className={styles.controls}>
        {/* aria-label starts with the visible words, so voice control ("click Move right") works. */}
        <div className={styles.moves}>
          <button
            type="button"
            className={styles.control}
            onClick={onMoveLeft}
            disabled={disabled || position === 1}
            data-move="left"
            aria-label={`Move left: ${label}`}
          >
            <span aria-hidden="true">←</span> Move left
          </button>
          <button
            type="button"
            className={styles.control}
            onClick={onMoveRight}
            disabled={disabled || position === count}
            data-move="right"
            aria-label={`Move right: ${label}`}
          >
            Move right <span aria-hidden="true">→</span>
          </button>
        </div>
        {image.status === 'failed' && (
          <button type="button" className={styles.control} onClick={onRetry} aria-label={`Retry: ${label}`}>
            Retry
          </button>
        )}
        <button type="button" className={styles.control} onClick={onEdit} aria-label={`Edit: ${label}`}>
          Edit
        </button>
        <button
          type="button"
          className={styles.control}
          onClick={onRotate}
          disabled={processing}
          aria-label={`Rotate: ${label}, 90° clockwise`}
        >
          Rotate
        </button>
        <ConfirmButton className={styles.controlDanger} onConfirm={onDelete} question={`Delete ${label}?`}>
          Delete<span className="visually-hidden"> {label}</span>
        </ConfirmButton>
      </div>
    </li>
  );
}

/** The image itself, or its state while the worker has not made the renditions (or failed to). */
function ImagePicture({ image }: { image: AdminGalleryImage }) {
  if (image.status === 'processing') {
    return (
      <p className={styles.state} role="status">
        Processing…
      </p>
    );
  }
  if (image.status === 'failed') return <p className={styles.failed}>Failed: {image.error ?? 'the image could not be read'}</p>;
  const src = image.thumb_url ?? image.image_url;
  if (!src) return <p className={styles.state}>No picture</p>;
  return (
    <img
      src={src}
      srcSet={image.srcset?.jpeg || undefined}
      sizes="(max-width: 600px) 90vw, 240px"
      alt={image.alt}
      loading="lazy"
      decoding="async"
    />
  );
}
