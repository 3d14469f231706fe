import { useState } from 'react';
import { Link } from 'react-router-dom';
import buttons from '../../../components/button.module.css';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import type { AdminUserRow } from '../../../../../shared/api/users.ts';
import styles from '../shared/admin.module.css';
import { AdminTable } from '../shared/admin-table.tsx';
import type { AdminColumn } from '../shared/admin-table.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { TRADE_STATUS_BADGES, TRADE_STATUS_LABELS } from '../shared/trade-status.ts';
import { useGoBack } from '../shared/use-go-back.ts';
import { usePageParam } from '../shared/use-page-param.ts';
import { USERS_PAGE_SIZE, useListUsersQuery } from './api.ts';
import { UserAddModal } from './user-add-modal.tsx';
import { UserFilters, useUserFilters } from './user-filters.tsx';
import own from './users.module.css';

const COLUMNS: AdminColumn<AdminUserRow>[] = [
  { label: 'Name', cell: (user) => `${user.firstname} ${user.lastname}` },
  { label: 'Email', cell: (user) => user.email },
  { label: 'Company', cell: (user) => user.company_name ?? <span className={styles.muted}>—</span> },
  {
    label: 'Trade',
    cell: (user) =>
      user.trade_status ? (
        <span className={TRADE_STATUS_BADGES[user.trade_status]}>{TRADE_STATUS_LABELS[user.trade_status]}</span>
      ) : (
        <span className={styles.muted}>None</span>
      ),
  },
  { label: 'Email verified', cell: (user) => (user.email_verified ? 'Yes' : <span className={styles.badgeAmber}>No</span>) },
  { label: '2FA', cell: (user) => (user.two_factor ? 'On' : 'Off') },
  {
    label: 'Access level',
    cell: (user) => (
      <span className={user.role === 'admin' ? styles.badgeAmber : styles.badge}>{user.role === 'admin' ? 'Admin' : 'User'}</span>
    ),
  },
  {
    label: 'Actions',
    hideLabel: true,
    cell: (user) => (
      <Link to={`/admin/users/${user.id}`}>
        View
        <span className="visually-hidden">
          {' '}
          {user.firstname} {user.lastname}
        </span>
      </Link>
    ),
  },
];

/**
 * The users list: searched and filtered on the server (the filters and page in the URL), with each
 * user's company and trade status, email verification and 2FA; Add User opens a dialog.
 */
export function UsersPage() {
  const filters = useUserFilters();
  const [page, setPage] = usePageParam();
  const { data, isLoading, isFetching, error } = useListUsersQuery({ ...filters, page });
  const [adding, setAdding] = useState(false);
  const goBack = useGoBack('/admin');
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          <>
            <button type="button" className={buttons.primary} onClick={() => setAdding(true)}>
              Add User
            </button>
            <button type="button" className={buttons.secondary} onClick={goBack}>
              Go Back
            </button>
          </>
        }
      />
      <UserFilters />
      {isLoading && <Loading label="Loading users…" showLabel />}
      <Notice tone="error">{error ? 'The users could not be loaded.' : ''}</Notice>
      {data && (
        <p className={`${styles.muted} ${own.count}`} aria-live="polite">
          {data.total} {data.total === 1 ? 'user' : 'users'}
          {filtered && ' matching the filters'}
        </p>
      )}
      {data && data.results.length > 0 && (
        <AdminTable
          caption={`Users (${data.total}), page ${page + 1}`}
          columns={COLUMNS}
          rows={data.results}
          rowKey={(user) => user.id}
          busy={isFetching}
        />
      )}
      {data && <Pagination page={page} total={data.total} limit={USERS_PAGE_SIZE} onPageChange={setPage} label="Users pages" />}
      {adding && <UserAddModal onClose={() => setAdding(false)} />}
    </>
  );
}
