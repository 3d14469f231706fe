import type { FilePondOptions } from 'filepond';
import FilePondPluginFileValidateSize from 'filepond-plugin-file-validate-size';
import FilePondPluginFileValidateType from 'filepond-plugin-file-validate-type';
import 'filepond/dist/filepond.min.css';
import { useMemo, useRef, useState } from 'react';
import { FilePond, registerPlugin } from 'react-filepond';
import { Notice } from '../../../components/notice.tsx';
import styles from './galleries.module.css';
import { MAX_UPLOAD_MIB, uploadGalleryImage } from './upload-request.ts';

registerPlugin(FilePondPluginFileValidateType, FilePondPluginFileValidateSize);

/** The image types the server accepts (it checks the bytes too). */
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];
/** Files queued at once; more at a time gives "too many files". */
const MAX_FILES = 50;

/** Props of {@link GalleryUploader}. */
export interface GalleryUploaderProps {
  galleryId: number;
  /** After each finished upload (the gallery reloads). */
  onUploaded: () => void;
}

/**
 * The FilePond drop zone of the gallery editor (react-filepond, the design card's adapter): image
 * files only, at most 256 MiB each, two uploads at a time. Each finished upload leaves the zone and
 * the gallery reloads (spec §4), where the new image shows "Processing…" until the worker has made
 * its renditions. A refused upload stays, with the server's reason and FilePond's "tap to retry".
 */
export function GalleryUploader({ galleryId, onUploaded }: GalleryUploaderProps) {
  const pond = useRef<FilePond>(null);
  const [warning, setWarning] = useState('');

  // Stable between renders: react-filepond hands changed props to FilePond's setOptions.
  const server = useMemo<FilePondOptions['server']>(
    () => ({
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
    }),
    [galleryId],
  );

  return (
    <div className={styles.uploader}>
      <p className={styles.uploadNote} id="upload-note">
        JPEG, PNG, WebP, AVIF or GIF, up to {MAX_UPLOAD_MIB} MiB each; two upload at a time.
      </p>
      <div aria-describedby="upload-note">
        <FilePond
          ref={pond}
          name="file"
          allowMultiple
          maxFiles={MAX_FILES}
          maxParallelUploads={2}
          allowRevert={false}
          credits={false}
          acceptedFileTypes={ACCEPTED_TYPES}
          // In bytes: FilePond reads "256MB" as 256 × 1000², and the server's limit is 256 MiB.
          maxFileSize={String(MAX_UPLOAD_MIB * 1024 * 1024)}
          labelIdle='Drag & drop photos here or <span class="filepond--label-action">browse</span>'
          labelMaxFileSizeExceeded="File is too big"
          labelMaxFileSize={`Maximum file size is ${MAX_UPLOAD_MIB} MiB`}
          labelFileTypeNotAllowed="Wrong file type"
          fileValidateTypeLabelExpectedTypes="Expects JPEG, PNG, WebP, AVIF or GIF"
          labelFileProcessingError={(error: { body?: string } | string) =>
            (typeof error === 'string' ? error : error?.body) || 'Upload failed'
          }
          labelFileProcessingAborted="Upload canceled"
          server={server}
          onwarning={() => setWarning(`Too many files: add at most ${MAX_FILES} at a time.`)}
          onaddfile={() => setWarning('')}
          onprocessfile={(error, file) => {
            // A refused upload stays in the zone (reason + retry); finished ones leave it.
            if (error) return;
            pond.current?.removeFile(file.id);
            onUploaded();
          }}
        />
      </div>
      <Notice tone="error">{warning}</Notice>
    </div>
  );
}
