import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import type { TradeApplication } from '../../../../shared/api/trade.ts';
import { PriceListPanel } from './price-list-panel.tsx';
import { formatDate } from './quote-requests-api.ts';
import { BUSINESS_TYPE_LABELS } from '../../components/business-types.ts';
import { useGetMyTradeApplicationQuery } from './trade-api.ts';
import { TradeApplicationForm } from './trade-application-form.tsx';
import styles from './account.module.css';

const STATUS_LABELS: Record<TradeApplication['status'], string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Not approved',
  suspended: 'Suspended',
  revoked: 'Closed',
};

/** A closed application or account: the buyer may apply again, starting from the previous answers. */
const CAN_APPLY_AGAIN: TradeApplication['status'][] = ['rejected', 'revoked'];

/** The application as sent, with its status (and the staff's reason on a rejection). */
function ApplicationStatus({ application }: { application: TradeApplication }) {
  return (
    <section className={styles.panel} aria-labelledby="trade-status-heading">
      <h2 id="trade-status-heading">Your application</h2>
      <p className={styles.status} data-status={application.status}>
        {STATUS_LABELS[application.status]}
      </p>
      {application.status === 'pending' && <p>We will email you once our staff have looked at it.</p>}
      {application.status === 'suspended' && (
        <p>While your account is suspended, the catalogue shows no trade prices. Please contact us.</p>
      )}
      {application.status === 'revoked' && <p>Your trade account was closed; you may apply again below.</p>}
      {application.status !== 'approved' && application.status !== 'pending' && application.reason && <p>Reason: {application.reason}</p>}
      <dl className={styles.facts}>
        <dt>Company</dt>
        <dd>{application.company_name}</dd>
        <dt>Business type</dt>
        <dd>{BUSINESS_TYPE_LABELS[application.business_type]}</dd>
        {application.company_number && (
          <>
            <dt>Company number</dt>
            <dd>{application.company_number}</dd>
          </>
        )}
        {application.vat_number && (
          <>
            <dt>VAT number</dt>
            <dd>{application.vat_number}</dd>
          </>
        )}
        <dt>Delivery postcode</dt>
        <dd>{application.delivery_postcode}</dd>
        <dt>Invoice email</dt>
        <dd>{application.invoice_email}</dd>
        <dt>Applied</dt>
        <dd>{formatDate(application.created_at)}</dd>
      </dl>
    </section>
  );
}

/**
 * "Trade account" (/account/trade): the application form until the buyer has applied, then its
 * status. A rejected buyer sees the reason and may apply again (the form starts from the previous
 * answers); an approved buyer gets the personal price list.
 */
export function TradePage() {
  usePageMeta('Trade account', 'Apply for a Hothfield Nurseries trade account and download your price list.');
  const { data: application, isLoading, isError } = useGetMyTradeApplicationQuery();

  return (
    <>
      <h1>Trade account</h1>
      {isLoading ? (
        <Loading label="Loading your trade account…" />
      ) : isError || application === undefined ? (
        <Notice tone="error">Your trade account could not be loaded; please reload the page.</Notice>
      ) : application === null ? (
        <TradeApplicationForm />
      ) : (
        <>
          <ApplicationStatus application={application} />
          {application.status === 'approved' && <PriceListPanel />}
          {CAN_APPLY_AGAIN.includes(application.status) && (
            <>
              <h2>Apply again</h2>
              <TradeApplicationForm
                defaults={{
                  company_name: application.company_name,
                  business_type: application.business_type,
                  company_number: application.company_number ?? '',
                  vat_number: application.vat_number ?? '',
                  delivery_postcode: application.delivery_postcode,
                  invoice_email: application.invoice_email,
                }}
              />
            </>
          )}
        </>
      )}
    </>
  );
}
