import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { describeError, firstFieldErrors } from '../../lib/api/errors.ts';
import { useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser } from '../../lib/session/session.ts';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { useUpdatePasswordMutation } from './api.ts';
import type { PasswordInput } from './api.ts';
import styles from './account.module.css';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: PasswordInput = { current_password: '', password: '', password_confirmation: '' };

/**
 * Change password. On 200 the form is reset and errors cleared (spec §4); the server also signs
 * out every other device. Failures: the message in red, and each field marked.
 */
export function PasswordPage() {
  usePageMeta('Change Password', 'Change the password of your Hothfield Nurseries account.');
  const user = useAppSelector(selectCurrentUser);
  const [values, setValues] = useState<PasswordInput>(EMPTY);
  const { errors, setErrors, clearError, showErrors, formRef } = useFieldErrors<Field>();
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [updatePassword, { isLoading }] = useUpdatePasswordMutation();

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
      const answer = await updatePassword(values).unwrap();
      setValues(EMPTY);
      setSaved(answer.message || 'Your password has been updated.');
    } catch (failure) {
      const { status, body } = describeError(failure);
      showErrors(status === 422 ? firstFieldErrors(body, FIELDS) : {}, () => setError(errorMessage(failure)));
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <FormField label={label} error={errors[name]} required>
      {(control) => (
        <input {...control} name={name} type="password" autoComplete={autoComplete} required value={values[name]} onChange={change(name)} />
      )}
    </FormField>
  );

  return (
    <>
      <h1>Change Password</h1>
      <form ref={formRef} className={styles.panel} onSubmit={submit}>
        <p className={styles.lead}>Use a long password you do not use anywhere else. Other devices will be logged out.</p>
        <Notice tone="success">{saved}</Notice>
        {/* Tells password managers whose password changes. */}
        <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
        {field('current_password', 'Current password', 'current-password')}
        <div className={styles.row}>
          {field('password', 'New password', 'new-password')}
          {field('password_confirmation', 'Confirm new password', 'new-password')}
        </div>
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
