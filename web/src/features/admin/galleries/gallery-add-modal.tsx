import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { describeError, firstFieldErrors } from '../../../lib/api/errors.ts';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useCreateGalleryMutation } from './api.ts';

/** Props of {@link GalleryAddModal}. */
export interface GalleryAddModalProps {
  onClose: () => void;
}

/** The Add Gallery dialog: a name; once created, its edit page opens (spec §4). */
export function GalleryAddModal({ onClose }: GalleryAddModalProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [createGallery, { isLoading }] = useCreateGalleryMutation();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { id } = await createGallery({ name }).unwrap();
      navigate(`/admin/galleries/${id}`);
    } catch (failure) {
      console.error('Gallery create failed', failure);
      const { status, body } = describeError(failure);
      setError((status === 422 && firstFieldErrors(body, ['name'] as const).name) || 'The gallery could not be added. Please try again.');
    }
  };

  return (
    <Modal
      title="Add Gallery"
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="gallery-add-form" className={buttons.primary} disabled={isLoading}>
            Add Gallery
          </button>
        </>
      }
    >
      <form id="gallery-add-form" onSubmit={submit} noValidate>
        <FormField label="Name" error={error} required>
          {(control) => <input {...control} name="name" required value={name} onChange={(e) => setName(e.target.value)} data-autofocus />}
        </FormField>
      </form>
    </Modal>
  );
}
