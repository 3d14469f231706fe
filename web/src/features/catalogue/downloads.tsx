import { useEffect, useState } from 'react';
import { Loading } from '../../components/loading.tsx';
import { useGetCatalogueDownloadsQuery } from './api.ts';
import type { CatalogueDownload } from '../../../../shared/api/catalogue.ts';
import { formatBytes, formatIssueDate } from './format.ts';
import styles from './downloads.module.css';

/** While the files are being generated, look again this often. */
const PREPARING_POLL_MS = 30_000;

const PREPARING = 'The downloads are being prepared…';

/**
 * Links to the latest generated PDF and Excel catalogue, with issue date and size. Until the
 * worker has produced them it says so, and checks back every 30 seconds.
 */
export function Downloads() {
  const [preparing, setPreparing] = useState(false);
  const { data, error, isLoading } = useGetCatalogueDownloadsQuery(undefined, {
    pollingInterval: preparing ? PREPARING_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const nowPreparing = Boolean(data && (!data.pdf || !data.xlsx));
  if (nowPreparing !== preparing) setPreparing(nowPreparing);

  useEffect(() => {
    if (error) console.error('Catalogue downloads could not be loaded', error);
  }, [error]);

  return (
    <section className={styles.downloads} aria-labelledby="catalogue-downloads">
      <h2 id="catalogue-downloads">Download the catalogue</h2>
      {isLoading ? (
        <Loading label="Loading the downloads…" />
      ) : error || !data ? (
        <p className={styles.pending}>The downloads are not available just now. Please try again later.</p>
      ) : !data.pdf && !data.xlsx ? (
        <p className={styles.pending}>{PREPARING}</p>
      ) : (
        <ul className={styles.list}>
          <li>{data.pdf ? <DownloadLink kind="PDF" file={data.pdf} /> : <p className={styles.pending}>PDF: {PREPARING}</p>}</li>
          <li>{data.xlsx ? <DownloadLink kind="Excel" file={data.xlsx} /> : <p className={styles.pending}>Excel: {PREPARING}</p>}</li>
        </ul>
      )}
    </section>
  );
}

function DownloadLink({ kind, file }: { kind: 'PDF' | 'Excel'; file: CatalogueDownload }) {
  const issued = formatIssueDate(file.generated_at);
  return (
    <a className={styles.link} href={file.url}>
      <FileIcon kind={kind} />
      <span className={styles.text}>
        <span className={styles.action}>Download {kind}</span>
        <span className={styles.meta}>
          {issued && (
            <>
              Issued <span className={styles.nowrap}>{issued}</span> ·{' '}
            </>
          )}
          <span className={styles.nowrap}>{formatBytes(file.bytes)}</span>
        </span>
      </span>
    </a>
  );
}

function FileIcon({ kind }: { kind: 'PDF' | 'Excel' }) {
  const colour = kind === 'PDF' ? '#a3231a' : '#1f6b3a';
  return (
    <svg className={styles.icon} viewBox="0 0 40 48" aria-hidden="true" focusable="false">
      <path d="M4 2h22l10 10v32a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z" fill="#fff" stroke="#8a8f84" strokeWidth="2" />
      <path d="M26 2v10h10" fill="none" stroke="#8a8f84" strokeWidth="2" />
      <rect x="0" y="26" width="30" height="14" rx="2" fill={colour} />
      <text x="15" y="36.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {kind === 'PDF' ? 'PDF' : 'XLSX'}
      </text>
    </svg>
  );
}
