import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BUSINESS_TYPE_LABELS } from '../../../components/business-types.ts';
import buttons from '../../../components/button.module.css';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { AdminTradeApplication, TradeApplicationStatus } from '../../../../../shared/api/trade.ts';
import admin from '../shared/admin.module.css';
import { AdminTable, TwoLineCell } from '../shared/admin-table.tsx';
import type { AdminColumn } from '../shared/admin-table.tsx';
import { formatDateTime } from '../shared/dates.ts';
import { errorMessage } from '../shared/errors.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { TradeAccountActions } from '../shared/trade-account-actions.tsx';
import { TRADE_STATUS_BADGES, TRADE_STATUS_LABELS } from '../shared/trade-status.ts';
import { useApproveTradeApplicationMutation, useListTradeApplicationsQuery, useRejectTradeApplicationMutation } from './api.ts';

/** The filter's choices; pending first, as that is the work waiting. '' is every status. */
const FILTERS: { value: TradeApplicationStatus | ''; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'revoked', label: 'Revoked' },
  { value: '', label: 'All' },
];

/** What the company told us, on one line: business type, numbers, delivery postcode, invoice email. */
function companyDetails(application: AdminTradeApplication): string {
  return [
    BUSINESS_TYPE_LABELS[application.business_type],
    application.company_number && `Company no. ${application.company_number}`,
    application.vat_number && `VAT ${application.vat_number}`,
    application.delivery_postcode,
    `Invoices to ${application.invoice_email}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

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
 * URL), each with the company details and applicant; a pending one can be approved or rejected, an
 * approved one suspended or revoked, a suspended one reinstated or revoked.
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

  const columns: AdminColumn<AdminTradeApplication>[] = [
    { label: 'Applied', nowrap: true, cell: (application) => formatDateTime(application.created_at) },
    {
      label: 'Company',
      cell: (application) => <TwoLineCell first={<strong>{application.company_name}</strong>} second={companyDetails(application)} />,
    },
    {
      label: 'Applicant',
      cell: ({ user }) => <TwoLineCell first={`${user.firstname} ${user.lastname}`} second={user.email} />,
    },
    {
      label: 'Status',
      cell: (application) => (
        <>
          <span className={TRADE_STATUS_BADGES[application.status]}>{TRADE_STATUS_LABELS[application.status]}</span>
          {application.reason && <div className={admin.muted}>{application.reason}</div>}
        </>
      ),
    },
    {
      label: 'Actions',
      cell: (application) =>
        application.status === 'pending' ? (
          <Decision application={application} onDone={done} />
        ) : (
          <TradeAccountActions account={application} onDone={() => void refetch()} />
        ),
    },
  ];

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
        <AdminTable caption="Trade applications" columns={columns} rows={data} rowKey={(application) => application.id} busy={isFetching} />
      )}
    </>
  );
}
