import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { QuotationView } from '../../components/quotation-view.tsx';
import { describeError } from '../../lib/api/errors.ts';
import { QuotationAnswer } from '../../components/quotation-answer.tsx';
import { useGetBuyerQuotationQuery } from './quotations-api.ts';
import styles from './quotation-page.module.css';

/**
 * /quotations/{id}[?token=…]: a sent quotation, for its signed-in owner or for whoever holds the
 * link the quotation mail gave a guest (valid until the quotation's last day). Anything else —
 * another's, a wrong or expired link — is the server's 404, shown as "not found" without saying
 * which. The answer (accept or decline) comes under it, in {@link QuotationAnswer}.
 */
export function QuotationPage() {
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const token = search.get('token') ?? undefined;
  const valid = Number.isInteger(id) && id > 0;
  const { data, isLoading, error, refetch } = useGetBuyerQuotationQuery({ id, token }, { skip: !valid });
  usePageMeta(data ? `Quotation ${data.reference}` : 'Quotation', 'Your quotation from the nursery.');

  if (!valid || describeError(error).status === 404) {
    return (
      <div className={`container ${styles.page}`}>
        <h1>Quotation not found</h1>
        <p>
          This link does not open a quotation: it may have expired, or been replaced by a later version. Please check the latest email we
          sent you, or <Link to="/contact">contact us</Link>.
        </p>
      </div>
    );
  }
  if (isLoading) return <Loading label="Loading the quotation…" />;
  if (error || !data)
    return (
      <div className={`container ${styles.page}`}>
        <Notice tone="error">The quotation could not be loaded; please reload the page.</Notice>
      </div>
    );
  return (
    <div className={`container ${styles.page}`}>
      <h1>Your quotation</h1>
      <QuotationView quotation={data}>
        <QuotationAnswer quotation={data} token={token} onAnswered={() => void refetch()} />
      </QuotationView>
    </div>
  );
}
