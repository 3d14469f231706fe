import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { firstFieldErrors, describeError } from '../../lib/api/errors.ts';
import { useAppDispatch, useAppSelector } from '../../lib/hooks.ts';
import { sessionApi } from '../../lib/session/session-api.ts';
import { selectCurrentUser } from '../../lib/session/session.ts';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { useUpdateProfileMutation } from './api.ts';
import type { ProfileInput } from './api.ts';
import styles from './account.module.css';

const FIELDS = ['firstname', 'lastname', 'email'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Update profile: first name, last name, email. A 200 answers with the saved user, which becomes
 * the session's user at once (no refetch). A changed email is unverified until its new link is
 * used, and the notice says so. Failures: the message in red, and each field marked.
 */
export function ProfilePage() {
  usePageMeta('Update Profile', 'Update the name and email address of your Hothfield Nurseries account.');
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<ProfileInput>(() => ({
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    email: user?.email ?? '',
  }));
  const { errors, setErrors, clearError, showErrors, formRef } = useFieldErrors<Field>();
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clearError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError('');
    setSaved('');
    try {
      const updated = await updateProfile(values).unwrap();
      dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, updated));
      setValues({ firstname: updated.firstname, lastname: updated.lastname, email: updated.email });
      setSaved(
        updated.email_verified_at
          ? 'Your profile has been saved.'
          : `Your profile has been saved. We have emailed a verification link to ${updated.email}: please use it to confirm the new address.`,
      );
    } catch (failure) {
      const { status, body } = describeError(failure);
      showErrors(status === 422 ? firstFieldErrors(body, FIELDS) : {}, () => setError(errorMessage(failure)));
    }
  };

  return (
    <>
      <h1>Update Profile</h1>
      <form ref={formRef} className={styles.panel} onSubmit={submit}>
        <p className={styles.lead}>Your name and the email address you log in with.</p>
        <Notice tone="success">{saved}</Notice>
        <div className={styles.row}>
          <FormField label="First name" error={errors.firstname} required>
            {(control) => (
              <input
                {...control}
                name="firstname"
                autoComplete="given-name"
                required
                value={values.firstname}
                onChange={change('firstname')}
              />
            )}
          </FormField>
          <FormField label="Last name" error={errors.lastname} required>
            {(control) => (
              <input
                {...control}
                name="lastname"
                autoComplete="family-name"
                required
                value={values.lastname}
                onChange={change('lastname')}
              />
            )}
          </FormField>
        </div>
        <FormField label="Email" error={errors.email} required>
          {(control) => (
            <input {...control} name="email" type="email" autoComplete="email" required value={values.email} onChange={change('email')} />
          )}
        </FormField>
        <Notice tone="error">{error}</Notice>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={isLoading}>
            Save
          </button>
          {isLoading && <Loading inline showLabel label="Saving…" />}
        </div>
      </form>
    </>
  );
}
