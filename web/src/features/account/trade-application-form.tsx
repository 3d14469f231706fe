import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { describeError, firstFieldErrors } from '../../lib/api/errors.ts';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { BUSINESS_TYPES } from '../../../../shared/api/trade.ts';
import { BUSINESS_TYPE_LABELS } from '../../components/business-types.ts';
import { useApplyForTradeMutation } from './trade-api.ts';
import type { TradeApplicationInput } from './trade-api.ts';
import styles from './account.module.css';

const FIELDS = ['company_name', 'business_type', 'company_number', 'vat_number', 'delivery_postcode', 'invoice_email'] as const;
type Field = (typeof FIELDS)[number];

/** The form's starting values: a rejected buyer applying again starts from the previous answers. */
export type TradeApplicationDefaults = Partial<TradeApplicationInput>;

/**
 * The trade account application. The server is the judge of every field (a company number or a
 * VAT number, a UK postcode): its 422 messages are shown under their fields and focus goes to the
 * first one. On success the cached application is replaced, so the page shows its status.
 */
export function TradeApplicationForm({ defaults }: { defaults?: TradeApplicationDefaults }) {
  const [values, setValues] = useState<TradeApplicationInput>(() => ({
    company_name: '',
    business_type: '',
    company_number: '',
    vat_number: '',
    delivery_postcode: '',
    invoice_email: '',
    ...defaults,
  }));
  const { errors, setErrors, clearError, showErrors, formRef } = useFieldErrors<Field>();
  const [error, setError] = useState('');
  const [apply, { isLoading }] = useApplyForTradeMutation();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clearError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError('');
    try {
      await apply(values).unwrap();
    } catch (failure) {
      const { status, body } = describeError(failure);
      showErrors(status === 422 ? firstFieldErrors(body, FIELDS) : {}, () => setError(errorMessage(failure)));
    }
  };

  /** A plain text input for one field. */
  const text = (field: Field, label: string, props: { required?: boolean; type?: string; autoComplete?: string; hint?: string } = {}) => (
    <FormField label={label} error={errors[field]} required={props.required} hint={props.hint}>
      {(control) => (
        <input
          {...control}
          name={field}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          required={props.required}
          value={values[field]}
          onChange={change(field)}
        />
      )}
    </FormField>
  );

  return (
    <form ref={formRef} className={styles.panel} onSubmit={submit} aria-label="Trade account application">
      <p className={styles.lead}>
        Approved trade accounts see trade prices, quantity breaks and availability in the catalogue and can download a personal price list.
      </p>
      {text('company_name', 'Company name', { required: true, autoComplete: 'organization' })}
      <FormField label="Business type" error={errors.business_type} required>
        {(control) => (
          <select {...control} name="business_type" required value={values.business_type} onChange={change('business_type')}>
            <option value="" disabled>
              Choose one…
            </option>
            {BUSINESS_TYPES.map((type) => (
              <option key={type} value={type}>
                {BUSINESS_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className={styles.row}>
        {text('company_number', 'Company number', { hint: 'A company number or a VAT number. 8 characters, e.g. 01234567 or SC123456.' })}
        {text('vat_number', 'VAT number', { hint: 'GB and 9 or 12 digits, e.g. GB123456789.' })}
      </div>
      <div className={styles.row}>
        {text('delivery_postcode', 'Delivery postcode', { required: true, autoComplete: 'postal-code' })}
        {text('invoice_email', 'Invoice email', { required: true, type: 'email', autoComplete: 'email' })}
      </div>
      <Notice tone="error">{error}</Notice>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={isLoading}>
          Apply for a trade account
        </button>
        {isLoading && <Loading inline showLabel label="Sending…" />}
      </div>
    </form>
  );
}
