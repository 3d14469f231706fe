import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BUSINESS_TYPE_LABELS } from '../../../components/business-types.ts';
import buttons from '../../../components/button.module.css';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { AdminTradeApplication, TradeApplicationStatus } from '../../../../../shared/api/trade.ts';
import admin from '../shared/admin.module.css';
import { formatDateTime } from '../shared/dates.ts';
import { errorMessage } from '../shared/errors.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { useApproveTradeApplicationMutation, useListTradeApplicationsQuery, useRejectTradeApplicationMutation } from './api.ts';

/** The filter's choices; pending first, as that is the work waiting. '' is every status. */
const FILTERS: { value: TradeApplicationStatus | ''; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: '', label: 'All' },
];
const STATUS_BADGES: Record<TradeApplicationStatus, string> = { pending: admin.badgeAmber!, approved: admin.badgeGreen!, rejected: admin.badge! };

/** Approve and Reject for one pending application; Reject asks for an optional reason for the buyer. */
function Decision({ application, onDone }: { application: AdminTradeApplication; onDone: (error?: unknown) => void }) {
  const [approve, approving] = useApproveTradeApplicationMutation();
  const [reject, rejecting] = useRejectTradeApplicationMutation();
  const [reason, setReason] = useState('');
  const busy = approving.isLoading || rejecting.isLoading;
  const run = (action: Promise<unknown>) => action.then(() => onDone(), onDone);
  return (
    <div className={admin.rowActions}>
      <ConfirmButton
        className={buttons.primary}
        disabled={busy}
        question={`Approve the trade account of ${application.company_name}?`}
        detail={`${application.user.firstname} ${application.user.lastname} will see trade prices and availability, and is emailed.`}
        confirmLabel="Approve"
        onConfirm={() => void run(approve(application.id).unwrap())}
      >
        Approve
      </ConfirmButton>
      <ConfirmButton
        disabled={busy}
        question={`Reject the trade application of ${application.company_name}?`}
        detail={
          <label>
            Reason for the buyer (optional)
            <textarea name="reason" rows={3} maxLength={1000} value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
        }
        confirmLabel="Reject"
        onConfirm={() => void run(reject({ id: application.id, reason }).unwrap())}
      >
        Reject
      </ConfirmButton>
    </div>
  );
}

/**
 * Trade applications (/admin/trade-applications): filtered by status (pending by default, in the
 * URL), each with the company details and applicant; a pending one can be approved or rejected.
 */
export function TradeApplicationsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = (FILTERS.some((filter) => filter.value === raw) ? raw : 'pending') as TradeApplicationStatus | '';
  const { data, isLoading, isFetching, error, refetch } = useListTradeApplicationsQuery(status);
  const [failure, setFailure] = useState('');

  const done = (problem?: unknown) => {
    setFailure(problem ? errorMessage(problem, 'The decision could not be saved.') : '');
    void refetch();
  };

  return (
    <>
      <PageHeader title="Trade applications">
        <label>
          Status{' '}
          <select value={status} onChange={(event) => setParams(event.target.value === 'pending' ? {} : { status: event.target.value })}>
            {FILTERS.map((filter) => (
              <option key={filter.label} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </label>
      </PageHeader>
      {isLoading && <Loading label="Loading trade applications…" showLabel />}
      <Notice tone="error">{error ? 'The trade applications could not be loaded.' : failure}</Notice>
      {data && !data.length && <p>No {status ? `${status} ` : ''}trade applications.</p>}
      {data && data.length > 0 && (
        <div className={admin.tableWrap} aria-busy={isFetching}>
          <table className={admin.table}>
            <caption className="visually-hidden">Trade applications</caption>
            <thead>
              <tr>
                <th scope="col">Applied</th>
                <th scope="col">Company</th>
                <th scope="col">Applicant</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.map((application) => (
                <tr key={application.id}>
                  <td>{formatDateTime(application.created_at)}</td>
                  <td>
                    <strong>{application.company_name}</strong>
                    <br />
                    <span className={admin.muted}>
                      {BUSINESS_TYPE_LABELS[application.business_type]}
                      {application.company_number && ` · Company no. ${application.company_number}`}
                      {application.vat_number && ` · VAT ${application.vat_number}`}
                      {` · ${application.delivery_postcode} · Invoices to ${application.invoice_email}`}
                    </span>
                  </td>
                  <td>
                    {application.user.firstname} {application.user.lastname}
                    <br />
                    <span className={admin.muted}>{application.user.email}</span>
                  </td>
                  <td>
                    <span className={STATUS_BADGES[application.status]}>{application.status}</span>
                    {application.reason && <div className={admin.muted}>{application.reason}</div>}
                  </td>
                  <td>{application.status === 'pending' && <Decision application={application} onDone={done} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
