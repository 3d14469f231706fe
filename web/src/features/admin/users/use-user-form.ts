import { useState } from 'react';
import { describeError, firstFieldErrors } from '../../../lib/api/errors.ts';
import type { FieldErrors } from '../../../lib/api/errors.ts';
import type { UserInput } from './api.ts';
import { USER_FIELDS } from './user-fields.tsx';
import type { UserField } from './user-fields.tsx';

/**
 * A user form's values and errors. `fail` shows the first message per field of a 422 and only
 * logs the overall message (spec §8); it returns whether any field error was shown.
 */
export function useUserForm(initial: UserInput) {
  const [values, setValues] = useState<UserInput>(initial);
  const [errors, setErrors] = useState<FieldErrors<UserField>>({});

  const change = (field: UserField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const fail = (error: unknown): boolean => {
    const { status, body } = describeError(error);
    console.error('User form failed', status, body.message ?? error);
    const fieldErrors = status === 422 ? firstFieldErrors(body, USER_FIELDS) : {};
    setErrors(fieldErrors);
    return Object.keys(fieldErrors).length > 0;
  };

  return { values, setValues, errors, setErrors, change, fail };
}
