import { create, registerPlugin } from 'filepond';
import type { FilePond, FilePondOptions } from 'filepond';
import FilePondPluginFileValidateSize from 'filepond-plugin-file-validate-size';
import FilePondPluginFileValidateType from 'filepond-plugin-file-validate-type';
import 'filepond/dist/filepond.min.css';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import styles from './galleries.module.css';
import { MAX_UPLOAD_MIB, uploadGalleryImage } from './upload-request.ts';

registerPlugin(FilePondPluginFileValidateType, FilePondPluginFileValidateSize);

/** The image types the server accepts (it checks the bytes too). */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];
/** Files queued at once; more at a time gives "too many files". */
export const MAX_FILES = 50;

/** Props of {@link GalleryUploader}. */
export interface GalleryUploaderProps {
  galleryId: number;
  /** After each finished upload (the gallery reloads). */
  onUploaded: () => void;
}

/**
 * The FilePond drop zone of the gallery editor: image files only, at most 256 MiB each, two
 * uploads at a time. Each finished upload leaves the zone and the gallery reloads (spec §4), where
 * the new image shows "Processing…" until the worker has made its renditions.
 */
export function GalleryUploader({ galleryId, onUploaded }: GalleryUploaderProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [warning, setWarning] = useState('');
  const uploaded = useEffectEvent(() => onUploaded());

  useEffect(() => {
    const options: FilePondOptions = {
      name: 'file',
      allowMultiple: true,
      maxFiles: MAX_FILES,
      maxParallelUploads: 2,
      allowRevert: false,
      credits: false,
      acceptedFileTypes: ACCEPTED_TYPES,
      // In bytes: FilePond reads "256MB" as 256 × 1000², and the server's limit is 256 MiB.
      maxFileSize: String(MAX_UPLOAD_MIB * 1024 * 1024),
      labelIdle: 'Drag & drop photos here or <span class="filepond--label-action">browse</span>',
      labelMaxFileSizeExceeded: 'File is too big',
      labelMaxFileSize: `Maximum file size is ${MAX_UPLOAD_MIB} MiB`,
      labelFileTypeNotAllowed: 'Wrong file type',
      fileValidateTypeLabelExpectedTypes: 'Expects JPEG, PNG, WebP, AVIF or GIF',
      labelFileProcessingError: (error: { body?: string } | string) => (typeof error === 'string' ? error : error?.body) || 'Upload failed',
      labelFileProcessingAborted: 'Upload canceled',
      server: {
        process: (_field, file, _metadata, load, error, progress, abort) => {
          const cancel = uploadGalleryImage(galleryId, file, { load, error, progress });
          return {
            abort: () => {
              cancel();
              abort();
            },
          };
        },
        revert: null,
        restore: null,
        load: null,
        fetch: null,
      },
    };
    const element = holder.current;
    if (!element) return;
    // Created from options alone (FilePond builds its own markup, appended here): created on an
    // input, its destroy() would try to put that input back where React has already removed it.
    const pond = (create as unknown as (options: FilePondOptions) => FilePond)(options);
    element.append(pond.element as HTMLElement);
    pond.on('warning', () => setWarning(`Too many files: add at most ${MAX_FILES} at a time.`));
    pond.on('addfile', () => setWarning(''));
    pond.on('processfile', (error, file) => {
      if (error) return;
      // Finished uploads leave the zone; only waiting, running and failed ones stay.
      pond.removeFile(file.id);
      uploaded();
    });
    return () => {
      pond.destroy();
      element.replaceChildren();
    };
  }, [galleryId]);

  return (
    <div className={styles.uploader}>
      <p className={styles.uploadNote} id="upload-note">
        JPEG, PNG, WebP, AVIF or GIF, up to {MAX_UPLOAD_MIB} MiB each; two upload at a time.
      </p>
      <div ref={holder} aria-describedby="upload-note" />
      <Notice tone="error">{warning}</Notice>
    </div>
  );
}
