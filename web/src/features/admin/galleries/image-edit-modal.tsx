import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { fieldMessages } from '../shared/errors.ts';
import { useUpdateImageMutation } from './api.ts';
import type { AdminGalleryImage } from '../../../../../shared/api/galleries.ts';
import type { ImageFields } from './api.ts';

const FIELDS = ['alt', 'link', 'caption', 'caption_sub'] as const;
type Field = (typeof FIELDS)[number];

/** Props of {@link ImageEditModal}. */
export interface ImageEditModalProps {
  image: AdminGalleryImage;
  onClose: () => void;
}

/** The Update Image dialog: alt text, link, caption and sub-caption; every server message shown. */
export function ImageEditModal({ image, onClose }: ImageEditModalProps) {
  const [values, setValues] = useState<ImageFields>({
    alt: image.alt,
    link: image.link,
    caption: image.caption,
    caption_sub: image.caption_sub,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string[]>>>({});
  const [problem, setProblem] = useState('');
  const [updateImage, { isLoading }] = useUpdateImageMutation();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    try {
      await updateImage({ id: image.id, galleryId: image.gallery_id, fields: values }).unwrap();
      onClose();
    } catch (error) {
      console.error('Image update failed', error);
      const found = fieldMessages(error, FIELDS);
      setErrors(found);
      if (!Object.keys(found).length) setProblem('The image could not be saved. Please try again.');
    }
  };

  const field = (name: Field, label: string, hint?: string) => (
    <FormField label={label} error={errors[name]?.join(' ')} hint={hint}>
      {(control) => (
        <input {...control} name={name} value={values[name]} onChange={change(name)} data-autofocus={name === 'alt' ? true : undefined} />
      )}
    </FormField>
  );

  return (
    <Modal
      title="Update Image"
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="image-edit-form" className={buttons.primary} disabled={isLoading}>
            Save Image
          </button>
        </>
      }
    >
      <form id="image-edit-form" onSubmit={submit} noValidate>
        <Notice tone="error">{problem}</Notice>
        {field('alt', 'Alt text', 'What the picture shows, for people who cannot see it.')}
        {field('link', 'Link', 'Where "Find Out More" goes: a page of this site such as /catalogue, or a full https:// address.')}
        {field('caption', 'Caption')}
        {field('caption_sub', 'Sub-caption')}
      </form>
    </Modal>
  );
}
