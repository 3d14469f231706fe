import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../lib/hooks.ts';
import { reloadUser } from '../../lib/session/session-api.ts';
import { errorMessage, fieldErrorLists } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import type { PageHandle } from '../../lib/page-handle.ts';
import { fieldTexts } from '../../lib/form-fields.ts';
import { CsrfField, useFormPost } from '../../lib/request-context.tsx';
import type { FormPostResult } from '../../lib/request-context.tsx';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { useCsrfCookieMutation, useRegisterMutation } from './api.ts';
import type { Registration } from './api.ts';
import { AuthPanel } from './auth-panel.tsx';
import { ListField } from './list-field.tsx';
import styles from './auth.module.css';

const FIELDS = ['firstname', 'lastname', 'email', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Registration = { firstname: '', lastname: '', email: '', password: '', password_confirmation: '' };

/** How each field is presented: label, input type and the autocomplete hint. */
const INPUTS: Record<Field, { label: string; type: string; autoComplete: string }> = {
  firstname: { label: 'First name', type: 'text', autoComplete: 'given-name' },
  lastname: { label: 'Last name', type: 'text', autoComplete: 'family-name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  password: { label: 'Password', type: 'password', autoComplete: 'new-password' },
  password_confirmation: { label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
};

/** What the no-JavaScript post sent back: the names and email typed (never the passwords). */
function postedValues(post: FormPostResult | null): Registration {
  const { firstname = '', lastname = '', email = '' } = post?.values ?? {};
  return { ...EMPTY, firstname, lastname, email };
}

/** The server's first message per field after a no-JavaScript post, as this screen's lists. */
function postedErrors(post: FormPostResult | null): Partial<Record<Field, string[]>> {
  if (post?.status !== 'invalid') return {};
  return Object.fromEntries(FIELDS.filter((field) => post.errors[field]).map((field) => [field, [post.errors[field]!]]));
}

/**
 * Register (page title "Create Account"). A 201 signs the new account in; loading the user then
 * answers 403 until the email is verified, which the base query routes to VerifyEmail. A 422
 * shows every message of each field as a list under it (spec §8). Without JavaScript the form
 * posts to /register, which goes on to VerifyEmail or answers with this page: the first message of
 * each field under it, the names and email kept, the passwords to type again.
 */
export function RegisterPage() {
  const post = useFormPost('register');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<Registration>(() => postedValues(post));
  const { errors, setErrors, clearError, showErrors, formRef } = useFieldErrors<Field, string[]>(() => postedErrors(post));
  const [formError, setFormError] = useState(post?.status === 'failed' ? (post.message ?? '') : '');
  const [busy, setBusy] = useState(false);
  const [csrfCookie] = useCsrfCookieMutation();
  const [register] = useRegisterMutation();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clearError(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const registration = fieldTexts(event.currentTarget, FIELDS);
    setErrors({});
    setFormError('');
    setBusy(true);
    try {
      await csrfCookie();
      await register(registration).unwrap();
      const result = await dispatch(reloadUser());
      if (result.data) await navigate('/account');
    } catch (failure) {
      const lists = fieldErrorLists(failure, FIELDS);
      if (Object.keys(lists).length) {
        showErrors(lists);
      } else {
        setFormError(errorMessage(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field) => {
    const input = INPUTS[name];
    return (
      <ListField label={input.label} errors={errors[name]} required>
        {(control) => (
          <input
            {...control}
            name={name}
            type={input.type}
            autoComplete={input.autoComplete}
            required
            value={values[name]}
            onChange={change(name)}
          />
        )}
      </ListField>
    );
  };

  return (
    <AuthPanel
      title="Create Account"
      intro="Open a trade account. Passwords need at least 8 characters; we will email you a link to confirm your address."
      wide
      links={
        <>
          <span>
            Already registered? <Link to="/login">Log in</Link>
          </span>
        </>
      }
    >
      <form ref={formRef} method="post" action="/register" onSubmit={submit}>
        <CsrfField />
        <div className={styles.row}>
          {field('firstname')}
          {field('lastname')}
        </div>
        {field('email')}
        <div className={styles.row}>
          {field('password')}
          {field('password_confirmation')}
        </div>
        <Notice tone="error">{formError}</Notice>
        <div className={styles.actions}>
          <button type="submit" className={styles.submit} disabled={busy}>
            Create Account
          </button>
          {busy && <Loading inline showLabel label="Creating your account…" />}
        </div>
      </form>
    </AuthPanel>
  );
}

export const handle: PageHandle = {
  meta: () => ({
    title: 'Create Account',
    description: 'Open a trade account with Hothfield Nurseries to manage your details and sign in securely.',
  }),
};
