import type { ChangeEvent } from 'react';
import type { FieldErrors } from '../../../lib/api/errors.ts';
import { FormField } from '../../../components/form-field.tsx';
import styles from '../shared/admin.module.css';
import type { Role } from '../../../../../shared/api/users.ts';
import type { UserInput } from './api.ts';

/** The fields the user forms send and show errors for (first message each, spec §5). */
export const USER_FIELDS = ['firstname', 'lastname', 'email', 'role', 'password', 'password_confirmation'] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** A blank form: a new user's role defaults to user (spec §5). */
export const EMPTY_USER: UserInput = { firstname: '', lastname: '', email: '', role: 'user', password: '', password_confirmation: '' };

/** Props of {@link UserFields}. */
export interface UserFieldsProps {
  values: UserInput;
  errors: FieldErrors<UserField>;
  onChange: (field: UserField, value: string) => void;
  /** Editing: the password may stay empty, which keeps the current one. */
  passwordOptional?: boolean;
}

/** The user form's controls, shared by the Add User modal and the user edit page. */
export function UserFields({ values, errors, onChange, passwordOptional = false }: UserFieldsProps) {
  const change = (field: UserField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(field, event.target.value);
  return (
    <>
      <div className={styles.twoCols}>
        <FormField label="First name" error={errors.firstname} required>
          {(control) => (
            <input
              {...control}
              name="firstname"
              autoComplete="off"
              required
              value={values.firstname}
              onChange={change('firstname')}
              data-autofocus
            />
          )}
        </FormField>
        <FormField label="Last name" error={errors.lastname} required>
          {(control) => (
            <input {...control} name="lastname" autoComplete="off" required value={values.lastname} onChange={change('lastname')} />
          )}
        </FormField>
      </div>
      <FormField label="Email" error={errors.email} required>
        {(control) => (
          <input {...control} name="email" type="email" autoComplete="off" required value={values.email} onChange={change('email')} />
        )}
      </FormField>
      <FormField label="Access level" error={errors.role} required>
        {(control) => (
          <select {...control} name="role" value={values.role} onChange={change('role')}>
            <option value={'user' satisfies Role}>User</option>
            <option value={'admin' satisfies Role}>Admin</option>
          </select>
        )}
      </FormField>
      <div className={styles.twoCols}>
        <FormField
          label="Password"
          error={errors.password}
          required={!passwordOptional}
          hint={passwordOptional ? 'Leave empty to keep the current password.' : 'At least 8 characters.'}
        >
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="new-password"
              required={!passwordOptional}
              value={values.password}
              onChange={change('password')}
            />
          )}
        </FormField>
        <FormField label="Confirm password" error={errors.password_confirmation} required={!passwordOptional}>
          {(control) => (
            <input
              {...control}
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
              required={!passwordOptional}
              value={values.password_confirmation}
              onChange={change('password_confirmation')}
            />
          )}
        </FormField>
      </div>
    </>
  );
}
