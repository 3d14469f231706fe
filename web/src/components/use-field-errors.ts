import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * A form's errors per field, as the server gave them (`Message` is one string, or a list where the
 * form shows every message). The user's edit clears its field's error; `showErrors` renders new
 * ones and then moves the focus to the first control marked invalid, so a phone scrolls to it and
 * a screen reader reads it. Put `formRef` on the form.
 */
export function useFieldErrors<Field extends string, Message = string>(initial: () => Partial<Record<Field, Message>> = () => ({})) {
  const [errors, setErrors] = useState(initial);
  const formRef = useRef<HTMLFormElement>(null);

  /** Forgets one field's error: the user is changing that field. */
  const clearError = (field: Field) => {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Renders `next` (and what `alongside` sets, in the same render), then focuses the first invalid control. */
  const showErrors = (next: Partial<Record<Field, Message>>, alongside?: () => void) => {
    flushSync(() => {
      alongside?.();
      setErrors(next);
    });
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return { errors, setErrors, clearError, showErrors, formRef };
}
