import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { describeError } from '../../../lib/api/errors.ts';
import buttons from '../../../components/button.module.css';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import styles from '../shared/admin.module.css';
import { errorMessage } from '../shared/errors.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { useFlash } from '../shared/use-flash.ts';
import { useGoBack } from '../shared/use-go-back.ts';
import { useDeleteUserMutation, useGetUserQuery, useUpdateUserMutation } from './api.ts';
import type { UserAccount } from '../../../../../shared/api/users.ts';
import { UserFields } from './user-fields.tsx';
import { UserTradePanel } from './user-trade-panel.tsx';
import { useUserForm } from './use-user-form.ts';

/** The success banner's text (spec §8). */
const SAVED_TEXT = 'Changes saved...';

/** /admin/users/{id}: edit one user, or delete them; their trade account under the form. */
export function UserEditPage() {
  const id = Number(useParams().id);
  const { data: user, isLoading, error } = useGetUserQuery(id, { skip: !Number.isInteger(id) });
  const goBack = useGoBack('/admin/users');

  return (
    <>
      <PageHeader
        title={user ? `${user.firstname} ${user.lastname}` : 'Edit User'}
        actions={
          <button type="button" className={buttons.secondary} onClick={goBack}>
            Go Back
          </button>
        }
      />
      {isLoading && <Loading label="Loading user…" showLabel />}
      <Notice tone="error">
        {error ? (describeError(error).status === 404 ? 'There is no such user.' : 'The user could not be loaded.') : ''}
      </Notice>
      {/* Keyed on the user, so the form starts from the loaded values without syncing state. */}
      {user && <UserEditForm key={user.id} user={user} />}
      {user && <UserTradePanel userId={user.id} />}
    </>
  );
}

function UserEditForm({ user }: { user: UserAccount }) {
  const { firstname, lastname, email, role } = user;
  const form = useUserForm({ firstname, lastname, email, role, password: '', password_confirmation: '' });
  const [updateUser, { isLoading: saving }] = useUpdateUserMutation();
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const [saved, showSaved] = useFlash();
  const [problem, setProblem] = useState('');
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    try {
      await updateUser({ ...form.values, id: user.id }).unwrap();
      form.setValues((current) => ({ ...current, password: '', password_confirmation: '' }));
      form.setErrors({});
      showSaved(SAVED_TEXT);
    } catch (error) {
      if (!form.fail(error)) setProblem('The changes could not be saved. Please try again.');
    }
  };

  const remove = async () => {
    setProblem('');
    try {
      await deleteUser(user.id).unwrap();
      navigate('/admin/users');
    } catch (error) {
      console.error('User delete failed', error);
      // The last administrator cannot be deleted: the server says so in a 422.
      if (describeError(error).status === 422) setProblem(errorMessage(error, 'This user cannot be deleted.'));
      else setProblem('The user could not be deleted. Please try again.');
    }
  };

  return (
    <form className={`${styles.panel} ${styles.narrow}`} onSubmit={submit} noValidate>
      <Notice tone="success">{saved}</Notice>
      <Notice tone="error">{problem}</Notice>
      <UserFields values={form.values} errors={form.errors} onChange={form.change} passwordOptional />
      <div className={styles.formActions}>
        <button type="submit" className={buttons.primary} disabled={saving}>
          Save Changes
        </button>
        <ConfirmButton
          onConfirm={remove}
          disabled={deleting}
          question={`Delete the user ${user.firstname} ${user.lastname}?`}
          detail={`${user.email} will no longer be able to log in.`}
        >
          Delete User
        </ConfirmButton>
      </div>
    </form>
  );
}
