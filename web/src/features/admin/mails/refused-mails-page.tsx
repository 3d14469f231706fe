import { useState } from 'react';
import buttons from '../../../components/button.module.css';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import type { AdminMail } from '../../../../../shared/api/mails.ts';
import admin from '../shared/admin.module.css';
import { AdminTable, TwoLineCell } from '../shared/admin-table.tsx';
import type { AdminColumn } from '../shared/admin-table.tsx';
import { formatDateTime } from '../shared/dates.ts';
import { errorMessage } from '../shared/errors.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { usePageParam } from '../shared/use-page-param.ts';
import { MAILS_PAGE_SIZE, useListRefusedMailsQuery, useResendMailMutation } from './api.ts';

/** Resend one refused mail, after a confirmation naming where it goes. */
function Resend({ mail, onDone }: { mail: AdminMail; onDone: (error?: unknown) => void }) {
  const [resend, { isLoading }] = useResendMailMutation();
  const to = mail.recipient ?? 'its recipient';
  return (
    <ConfirmButton
      className={buttons.primary}
      disabled={isLoading}
      question={`Resend “${mail.subject ?? mail.kind}” to ${to}?`}
      detail="Only once the address is right or the recipient's mailbox works again: the mail is sent as it would be now."
      confirmLabel="Resend"
      onConfirm={() =>
        void resend(mail.id)
          .unwrap()
          .then(() => onDone(), onDone)
      }
    >
      Resend
    </ConfirmButton>
  );
}

/**
 * Refused mails (/admin/mails): every mail a mail server refused for good (a 5xx to its
 * recipient: no such mailbox, a typo in the address), with the server's reply, newest first; each
 * can be resent. Mails that merely failed for a while are not here: they are retried until sent.
 */
export function RefusedMailsPage() {
  const [page, setPage] = usePageParam();
  const { data, isLoading, isFetching, error, refetch } = useListRefusedMailsQuery(page);
  const [failure, setFailure] = useState('');

  const done = (problem?: unknown) => {
    setFailure(problem ? errorMessage(problem, 'The mail could not be resent.') : '');
    void refetch();
  };

  const columns: AdminColumn<AdminMail>[] = [
    { label: 'Refused', nowrap: true, cell: (mail) => (mail.refused_at ? formatDateTime(mail.refused_at) : '') },
    { label: 'Mail', cell: (mail) => <TwoLineCell first={<strong>{mail.subject ?? mail.kind}</strong>} second={mail.recipient} /> },
    { label: "Server's reply", cell: (mail) => <span className={admin.muted}>{mail.last_error}</span> },
    { label: 'Actions', cell: (mail) => <Resend mail={mail} onDone={done} /> },
  ];

  return (
    <>
      <PageHeader title="Refused mails" />
      <p>
        A mail server refused these mails for good, so they are no longer retried. Check the address (or ask the recipient), then resend.
      </p>
      {isLoading && <Loading label="Loading refused mails…" showLabel />}
      <Notice tone="error">{error ? 'The refused mails could not be loaded.' : failure}</Notice>
      {data && !data.results.length && <p>No refused mails: every mail was sent or is still being retried.</p>}
      {data && data.results.length > 0 && (
        <>
          <AdminTable
            caption={`Refused mails, newest first, page ${page + 1}`}
            columns={columns}
            rows={data.results}
            rowKey={(mail) => mail.id}
            busy={isFetching}
          />
          <Pagination page={page} total={data.total} limit={MAILS_PAGE_SIZE} onPageChange={setPage} label="Refused mails pages" />
        </>
      )}
    </>
  );
}
