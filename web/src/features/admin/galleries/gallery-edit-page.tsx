import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { describeError, firstFieldErrors } from '../../../lib/api/errors.ts';
import { useAppDispatch } from '../../../lib/hooks.ts';
import buttons from '../../../components/button.module.css';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Loading } from '../../../components/loading.tsx';
import { isBannerGallery } from '../../../../../shared/galleries.ts';
import { Notice } from '../../../components/notice.tsx';
import admin from '../shared/admin.module.css';
import { errorMessage } from '../shared/errors.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { useGoBack } from '../shared/use-go-back.ts';
import {
  galleriesAdminApi,
  galleryChanged,
  useDeleteGalleryMutation,
  useDeleteImageMutation,
  useGetAdminGalleryQuery,
  useOrderImagesMutation,
  useRenameGalleryMutation,
  useRotateImageMutation,
  useRetryImageMutation,
} from './api.ts';
import type { AdminGallery, AdminGalleryImage } from '../../../../../shared/api/galleries.ts';
import { GalleryUploader } from './gallery-uploader.tsx';
import { ImageEditModal } from './image-edit-modal.tsx';
import { ImageGrid } from './image-grid.tsx';
import styles from './galleries.module.css';

/** How often the editor asks again while the worker is still making an image's renditions. */
const PROCESSING_POLL_MS = 2000;

/** /admin/galleries/{id}: name, uploads, the sortable image grid, and Delete Gallery. */
export function GalleryEditPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: gallery, isLoading, error } = useGetAdminGalleryQuery(id, { skip: !valid });
  const processing = gallery?.images.some((image) => image.status === 'processing') ?? false;
  // A second subscription that polls only while an image is processing (RTK Query polls a cache
  // entry at the shortest interval among its subscribers).
  useGetAdminGalleryQuery(id, { skip: !valid || !processing, pollingInterval: PROCESSING_POLL_MS });
  const goBack = useGoBack('/admin/galleries');

  return (
    <>
      <PageHeader
        title={gallery ? `Gallery: ${gallery.name}` : 'Edit Gallery'}
        actions={
          <button type="button" className={buttons.secondary} onClick={goBack}>
            Go Back
          </button>
        }
      />
      {isLoading && <Loading label="Loading gallery…" showLabel />}
      <Notice tone="error">
        {error ? (describeError(error).status === 404 ? 'There is no such gallery.' : 'The gallery could not be loaded.') : ''}
      </Notice>
      {gallery && <GalleryEditor key={gallery.id} gallery={gallery} />}
    </>
  );
}

function GalleryEditor({ gallery }: { gallery: AdminGallery }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [problem, setProblem] = useState('');
  const [editing, setEditing] = useState<AdminGalleryImage | null>(null);
  const [deleteGallery, { isLoading: deleting }] = useDeleteGalleryMutation();

  const removeGallery = async () => {
    setProblem('');
    try {
      await deleteGallery(gallery.id).unwrap();
      navigate('/admin/galleries');
    } catch (error) {
      console.error('Gallery delete failed', error);
      setProblem(errorMessage(error, 'The gallery could not be deleted. Please try again.'));
    }
  };

  return (
    <>
      <Notice tone="error">{problem}</Notice>
      <NameForm gallery={gallery} />
      <section className={admin.panel} aria-labelledby="images-heading">
        <h2 id="images-heading" className={admin.panelTitle}>
          Images
        </h2>
        <GalleryUploader galleryId={gallery.id} onUploaded={() => dispatch(galleryChanged(gallery.id))} />
        <GalleryImages gallery={gallery} onEdit={setEditing} onProblem={setProblem} />
      </section>
      {!isBannerGallery(gallery.id) && (
        <div className={admin.formActions}>
          <ConfirmButton
            onConfirm={removeGallery}
            disabled={deleting}
            question={`Delete the gallery “${gallery.name}”?`}
            detail={`Its ${gallery.images.length} ${gallery.images.length === 1 ? 'image goes' : 'images go'} with it. This cannot be undone.`}
          >
            Delete Gallery
          </ConfirmButton>
        </div>
      )}
      {editing && <ImageEditModal image={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

/** The name form: Save renames the gallery and returns to the list (spec §4). */
function NameForm({ gallery }: { gallery: AdminGallery }) {
  const [name, setName] = useState(gallery.name);
  const [error, setError] = useState<string | undefined>();
  const [renameGallery, { isLoading }] = useRenameGalleryMutation();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await renameGallery({ id: gallery.id, name }).unwrap();
      navigate('/admin/galleries');
    } catch (failure) {
      console.error('Gallery save failed', failure);
      const { status, body } = describeError(failure);
      setError((status === 422 && firstFieldErrors(body, ['name'] as const).name) || 'The gallery could not be saved. Please try again.');
    }
  };

  return (
    <form className={`${admin.panel} ${styles.nameForm}`} onSubmit={submit} noValidate>
      <FormField label="Gallery name" error={error} required>
        {(control) => <input {...control} name="name" required value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <button type="submit" className={buttons.primary} disabled={isLoading}>
        Save
      </button>
    </form>
  );
}

interface GalleryImagesProps {
  gallery: AdminGallery;
  onEdit: (image: AdminGalleryImage) => void;
  onProblem: (message: string) => void;
}

/**
 * The image grid and its actions. A new order shows at once (written into the cached gallery) and
 * is saved in the background; saves run one after another, and only the last one's answer (the
 * whole gallery) replaces the cache, so a quick series of moves never flickers back.
 */
function GalleryImages({ gallery, onEdit, onProblem }: GalleryImagesProps) {
  const dispatch = useAppDispatch();
  const saves = useRef({ chain: Promise.resolve(), waiting: 0 });
  const [orderImages] = useOrderImagesMutation();
  const [rotateImage] = useRotateImageMutation();
  const [retryImage] = useRetryImageMutation();
  const [deleteImage] = useDeleteImageMutation();
  const images = gallery.images;

  const reorder = (ids: number[]) => {
    dispatch(
      galleriesAdminApi.util.updateQueryData('getAdminGallery', gallery.id, (draft) => {
        const position = new Map(ids.map((id, index) => [id, index]));
        // Images that arrived meanwhile keep their place at the end.
        draft.images.sort((a, b) => (position.get(a.id) ?? ids.length) - (position.get(b.id) ?? ids.length));
      }),
    );
    const state = saves.current;
    state.waiting++;
    state.chain = state.chain
      .then(() => orderImages({ id: gallery.id, images: ids }).unwrap())
      .then(
        (saved) => {
          if (state.waiting === 1) dispatch(galleriesAdminApi.util.upsertQueryData('getAdminGallery', gallery.id, saved));
        },
        (error: unknown) => {
          console.error('Image order failed', error);
          onProblem('The new order could not be saved. Please try again.');
          if (state.waiting === 1) dispatch(galleryChanged(gallery.id));
        },
      )
      .finally(() => {
        state.waiting--;
      });
  };

  const rotate = async (image: AdminGalleryImage) => {
    try {
      await rotateImage({ id: image.id, galleryId: gallery.id }).unwrap();
    } catch (error) {
      console.error('Rotate failed', error);
      onProblem(errorMessage(error, 'The image could not be rotated. Please try again.'));
    }
  };

  const retry = async (image: AdminGalleryImage) => {
    try {
      await retryImage({ id: image.id, galleryId: gallery.id }).unwrap();
    } catch (error) {
      console.error('Retry failed', error);
      onProblem(errorMessage(error, 'The image could not be queued again. Please try again.'));
    }
  };

  const remove = async (image: AdminGalleryImage) => {
    try {
      await deleteImage({ id: image.id, galleryId: gallery.id }).unwrap();
    } catch (error) {
      console.error('Image delete failed', error);
      onProblem('The image could not be deleted. Please try again.');
    }
  };

  if (!images.length) return <p className={admin.muted}>No images yet: drop some above.</p>;
  return <ImageGrid images={images} onReorder={reorder} onEdit={onEdit} onRotate={rotate} onRetry={retry} onDelete={remove} />;
}
