import { useEffect, useState } from 'react';
import { formatDateTime } from '../shared/dates.ts';
import { useGetDownloadsQuery } from './api.ts';
import type { CatalogueDownload, CatalogueDownloads } from '../../../../../shared/api/catalogue.ts';
import styles from './catalogue-admin.module.css';

/** How often the status asks again while the downloads are being regenerated. */
const DOWNLOADS_POLL_MS = 1500;
/** After this long the status stops waiting (the queue may be down; the dashboard shows that). */
const DOWNLOADS_WAIT_MS = 120_000;

/** Props of {@link DownloadsStatus}. */
export interface DownloadsStatusProps {
  /** When (Date.now()) the catalogue last changed on this page; null before any change. */
  changedAt: number | null;
}

const generatedAfter = (file: CatalogueDownload | null, at: number) => Boolean(file && Date.parse(file.generated_at) > at);

/** True while the downloads do not yet include the change made at `changedAt`. */
export function isGenerating(downloads: CatalogueDownloads | undefined, changedAt: number | null): boolean {
  if (changedAt === null) return false;
  return !downloads || !generatedAfter(downloads.pdf, changedAt) || !generatedAfter(downloads.xlsx, changedAt);
}

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The PDF and Excel downloads' state. After a change on this page it says "generating…" and
 * polls until both files were generated after that change, then shows the new time.
 */
export function DownloadsStatus({ changedAt }: DownloadsStatusProps) {
  const { data, isLoading } = useGetDownloadsQuery();
  const [gaveUpOn, setGaveUpOn] = useState<number | null>(null);
  const waiting = isGenerating(data, changedAt) && gaveUpOn !== changedAt;
  // A second subscription polls the same cache entry, only while waiting.
  useGetDownloadsQuery(undefined, { skip: !waiting, pollingInterval: DOWNLOADS_POLL_MS });

  useEffect(() => {
    if (changedAt === null) return;
    const timer = setTimeout(() => setGaveUpOn(changedAt), DOWNLOADS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [changedAt]);

  let text: string;
  if (waiting) text = 'Downloads: generating…';
  else if (changedAt !== null && gaveUpOn === changedAt && isGenerating(data, changedAt))
    text = 'Downloads: still generating; check the queue dashboard if this lasts.';
  else if (data?.pdf) text = `Downloads generated ${formatDateTime(data.pdf.generated_at)}`;
  else if (isLoading) text = 'Downloads: checking…';
  else text = 'Downloads: not generated yet';

  return (
    <p className={styles.downloads} role="status" data-generating={waiting}>
      <span>{text}</span>
      {!waiting && data?.pdf && (
        <a href={data.pdf.url} download>
          PDF ({size(data.pdf.bytes)})
        </a>
      )}
      {!waiting && data?.xlsx && (
        <a href={data.xlsx.url} download>
          Excel ({size(data.xlsx.bytes)})
        </a>
      )}
    </p>
  );
}
