import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { formatDate } from './quote-requests-api.ts';
import { useGetPriceListQuery, useRequestPriceListMutation } from './trade-api.ts';
import styles from './account.module.css';

/** While the worker renders the list, look again this often (a 200-line list takes well under this). */
const PENDING_POLL_MS = 3_000;

/**
 * An approved buyer's personal price list: ask for a fresh one, see whether it is being prepared
 * (polling until it is ready) and download the last finished PDF and XLSX, which stay available
 * while a new one is rendered.
 */
export function PriceListPanel() {
  const { data, isLoading, isError } = useGetPriceListQuery();
  const pending = data?.status === 'pending';
  // A second subscription that only exists while pending, so the poll stops once the list is ready.
  useGetPriceListQuery(undefined, { skip: !pending, pollingInterval: PENDING_POLL_MS });
  const [request, requestState] = useRequestPriceListMutation();

  return (
    <section className={styles.panel} aria-labelledby="price-list-heading">
      <h2 id="price-list-heading">Price list</h2>
      <p className={styles.lead}>Your trade prices and availability for the whole catalogue, as a PDF or a spreadsheet.</p>
      {isLoading ? (
        <Loading label="Loading your price list…" />
      ) : isError || !data ? (
        <Notice tone="error">Your price list could not be loaded; please reload the page.</Notice>
      ) : (
        <>
          {pending && <p role="status">A fresh price list is being prepared…</p>}
          {data.pdf && data.xlsx ? (
            <ul className={styles.links} aria-label="Price list downloads">
              <li>
                <a href={data.pdf} download>
                  Price list (PDF)
                </a>
              </li>
              <li>
                <a href={data.xlsx} download>
                  Price list (XLSX)
                </a>
              </li>
            </ul>
          ) : (
            !pending && <p>You have not asked for a price list yet.</p>
          )}
          {data.generated_at && <p>Prepared {formatDate(data.generated_at)}.</p>}
        </>
      )}
      <Notice tone="error">{requestState.isError ? errorMessage(requestState.error) : ''}</Notice>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} disabled={pending || requestState.isLoading} onClick={() => void request()}>
          Prepare a fresh price list
        </button>
      </div>
    </section>
  );
}
