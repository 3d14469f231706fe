import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './form-field.module.css';

/** Attributes that tie a control to its label, hint and error; spread them onto the control. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/** Props of {@link FormField}. */
export interface FormFieldProps {
  label: string;
  /** The first server message for this field, shown under it and announced with it. */
  error?: string;
  hint?: string;
  /** Marks the label; the control itself still needs `required`. */
  required?: boolean;
  /** Renders the control with the wiring attributes. */
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
}

/**
 * A labelled form control with an optional hint and error message. The control is rendered by the
 * caller (input, textarea or select) and receives id, aria-invalid and aria-describedby.
 */
export function FormField({ label, error, hint, required, children, className }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.control}>{children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}</div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Props of {@link InputField}: a {@link FormField}'s, and the input's own attributes. */
export type InputFieldProps = Omit<FormFieldProps, 'children'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id' | 'children'>;

/** A {@link FormField} around a plain input (text, email, tel, date): the common case, in one line. */
export function InputField({ label, error, hint, required, className, ...input }: InputFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => <input {...input} {...control} required={required} />}
    </FormField>
  );
}
