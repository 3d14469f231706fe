import { useId } from 'react';
import type { ReactNode } from 'react';
import type { FieldControlProps } from '../../components/form-field.tsx';
import { cx } from '../../components/cx.ts';
import fieldStyles from '../../components/form-field.module.css';
import styles from './auth.module.css';

/** Props of {@link ListField}. */
export interface ListFieldProps {
  label: string;
  /** Every server message for this field, shown as a list under it and announced with it. */
  errors?: string[];
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * FormField's twin for Register, whose errors are per-field lists (spec §8): all messages of a
 * field, not just the first. Same look and the same wiring (label, aria-invalid, describedby).
 */
export function ListField({ label, errors = [], required, children }: ListFieldProps) {
  const id = useId();
  const errorId = errors.length ? `${id}-errors` : undefined;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={fieldStyles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className={fieldStyles.control}>
        {children({ id, 'aria-invalid': errors.length ? true : undefined, 'aria-describedby': errorId })}
      </div>
      {errorId && (
        <ul id={errorId} className={cx(fieldStyles.error, styles.errorList, errors.length > 1 && styles.many)}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
