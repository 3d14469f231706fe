import { useState } from 'react';
import { Link } from 'react-router-dom';
import buttons from '../../../components/button.module.css';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { UserSummary } from '../../../../../shared/api/users.ts';
import styles from '../shared/admin.module.css';
import { AdminTable } from '../shared/admin-table.tsx';
import type { AdminColumn } from '../shared/admin-table.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { useGoBack } from '../shared/use-go-back.ts';
import { useListUsersQuery } from './api.ts';
import { UserAddModal } from './user-add-modal.tsx';

const COLUMNS: AdminColumn<UserSummary>[] = [
  { label: 'Name', cell: (user) => `${user.firstname} ${user.lastname}` },
  { label: 'Email', cell: (user) => user.email },
  {
    label: 'Access level',
    cell: (user) => <span className={user.role === 'admin' ? styles.badgeAmber : styles.badge}>{user.role === 'admin' ? 'Admin' : 'User'}</span>,
  },
  {
    label: 'Actions',
    hideLabel: true,
    cell: (user) => (
      <Link to={`/admin/users/${user.id}`}>
        View<span className="visually-hidden">
          {' '}
          {user.firstname} {user.lastname}
        </span>
      </Link>
    ),
  },
];

/** The users list: name, email, access level and a View link; Add User opens a dialog. */
export function UsersPage() {
  const { data: users, isLoading, error } = useListUsersQuery();
  const [adding, setAdding] = useState(false);
  const goBack = useGoBack('/admin');

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
      {isLoading && <Loading label="Loading users…" showLabel />}
      <Notice tone="error">{error ? 'The users could not be loaded.' : ''}</Notice>
      {users && (
        <AdminTable caption={`Users (${users.length})`} columns={COLUMNS} rows={users} rowKey={(user) => user.id} />
      )}
      {adding && <UserAddModal onClose={() => setAdding(false)} />}
    </>
  );
}
