import { useState } from 'react';
import { Link } from 'react-router-dom';
import buttons from '../../../components/button.module.css';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import styles from '../shared/admin.module.css';
import { PageHeader } from '../shared/page-header.tsx';
import { useGoBack } from '../shared/use-go-back.ts';
import { useListUsersQuery } from './api.ts';
import { UserAddModal } from './user-add-modal.tsx';

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
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Users ({users.length})</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Access level</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>
                    {user.firstname} {user.lastname}
                  </td>
                  <td>{user.email}</td>
                  <td>
                    <span className={user.role === 'admin' ? styles.badgeAmber : styles.badge}>{user.role === 'admin' ? 'Admin' : 'User'}</span>
                  </td>
                  <td>
                    <Link to={`/admin/users/${user.id}`}>
                      View<span className="visually-hidden">
                        {' '}
                        {user.firstname} {user.lastname}
                      </span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {adding && <UserAddModal onClose={() => setAdding(false)} />}
    </>
  );
}
