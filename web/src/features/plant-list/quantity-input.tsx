import type { ChangeEvent, Ref } from 'react';
import { cx } from '../../components/cx.ts';
import { MAX_QUANTITY, MIN_QUANTITY } from './types.ts';
import styles from './quantity-input.module.css';

/**
 * Props of {@link QuantityInput}; its label points at `id`, its message at `describedBy`. Either
 * controlled (`value`, `onChange`) or left to the browser (`defaultValue`, read from the form).
 */
export interface QuantityInputProps {
  id: string;
  value?: string;
  defaultValue?: string;
  name?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  invalid: boolean;
  describedBy: string | undefined;
  className?: string;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/**
 * A quantity of a plant list line: whole numbers in the list's range, a numeric keypad on a
 * phone. The value stays text so the buyer can clear the box while typing; the caller checks it.
 */
export function QuantityInput({
  id,
  value,
  defaultValue,
  name,
  onChange,
  invalid,
  describedBy,
  className,
  onBlur,
  ref,
  disabled,
}: QuantityInputProps) {
  return (
    <input
      ref={ref}
      id={id}
      name={name}
      className={cx(styles.quantity, className)}
      type="number"
      inputMode="numeric"
      min={MIN_QUANTITY}
      max={MAX_QUANTITY}
      step={1}
      value={value}
      defaultValue={defaultValue}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
    />
  );
}
