import { readXsrfToken } from '../../../lib/api/api.ts';

/** Largest gallery upload (spec §9). */
export const MAX_UPLOAD_MIB = 256;

/** The answer of a failed upload as the upload zone words it (spec §8's upload messages). */
function uploadErrorText(status: number): string {
  if (status === 413) return `File is too big (max ${MAX_UPLOAD_MIB} MiB)`;
  if (status === 415) return 'Wrong file type';
  if (status === 0) return 'Upload failed: no answer from the server';
  return `Server responded with status code ${status}`;
}

/** Callbacks of {@link uploadGalleryImage}; FilePond passes its own. */
export interface UploadCallbacks {
  progress: (computable: boolean, loaded: number, total: number) => void;
  load: (serverId: string) => void;
  error: (text: string) => void;
}

async function primeCsrfCookie(): Promise<void> {
  await fetch('/sanctum/csrf-cookie', {
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
}

/**
 * POST /api/galleriesimages (multipart: gallery_id, file) with the app's usual headers, by
 * XMLHttpRequest for upload progress. Like the base query, it fetches a CSRF cookie first when
 * there is none and retries a 419 once. Returns a function that cancels the upload.
 */
export function uploadGalleryImage(galleryId: number, file: Blob & { name?: string }, callbacks: UploadCallbacks): () => void {
  let current: XMLHttpRequest | null = null;
  let cancelled = false;

  const send = async (retry: boolean) => {
    if (!readXsrfToken()) await primeCsrfCookie().catch(() => undefined);
    if (cancelled) return;
    const form = new FormData();
    form.append('gallery_id', String(galleryId));
    form.append('file', file, file.name ?? 'upload');
    const xhr = new XMLHttpRequest();
    current = xhr;
    xhr.open('POST', '/api/galleriesimages');
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readXsrfToken();
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.upload.onprogress = (event) => callbacks.progress(event.lengthComputable, event.loaded, event.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        let id = '';
        try {
          id = String((JSON.parse(xhr.responseText) as { id?: number }).id ?? '');
        } catch {
          // A 2xx without JSON still means the file arrived.
        }
        callbacks.load(id);
      } else if (xhr.status === 419 && !retry) {
        void primeCsrfCookie().then(() => send(true));
      } else {
        console.error('Gallery upload failed', xhr.status, xhr.responseText);
        callbacks.error(uploadErrorText(xhr.status));
      }
    };
    xhr.onerror = () => callbacks.error(uploadErrorText(0));
    xhr.send(form);
  };

  void send(false);
  return () => {
    cancelled = true;
    current?.abort();
  };
}
