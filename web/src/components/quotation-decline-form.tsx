import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Quotation } from '../../../shared/api/quotations.ts';
import { describeError, firstFieldErrors } from '../lib/api/errors.ts';
import { useDeclineQuotationMutation } from '../lib/api/quotation-answers-api.ts';
import { refusalOf, type Refusal } from './answer-refusal.ts';
import { RefusalNotice } from './answer-refusal-notice.tsx';
import buttons from './button.module.css';
import { FormField } from './form-field.tsx';
import { Loading } from './loading.tsx';
import { useFieldErrors } from './use-field-errors.ts';
import styles from './quotation-answer.module.css';

/** Props of {@link QuotationDeclineForm}. */
export interface QuotationDeclineFormProps {
  quotation: Quotation;
  token?: string;
  onDeclined: () => void;
}

/** "Decline": the reason is required (sales read it), behind a disclosure so it is never the first thing pressed. */
export function QuotationDeclineForm({ quotation, token, onDeclined }: QuotationDeclineFormProps) {
  const [decline, { isLoading }] = useDeclineQuotationMutation();
  const [reason, setReason] = useState('');
  const { errors, setErrors, clearError, showErrors, formRef } = useFieldErrors<'reason'>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setRefusal(null);
    const result = await decline({ id: quotation.id, reason, token });
    if ('data' in result && result.data) return onDeclined();
    const { status, body } = describeError(result.error);
    const onFields = status === 422 ? firstFieldErrors(body, ['reason'] as const) : {};
    if (onFields.reason) showErrors(onFields);
    else setRefusal(refusalOf(result.error));
  };

  return (
    <details className={styles.decline}>
      <summary>Decline this quotation</summary>
      <form ref={formRef} className={styles.form} onSubmit={submit} aria-label={`Decline ${quotation.reference}`} noValidate>
        <FormField label="Why are you declining?" hint="It helps us quote better next time." error={errors.reason} required>
          {(control) => (
            <textarea
              {...control}
              required
              name="reason"
              rows={3}
              maxLength={2000}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                clearError('reason');
              }}
            />
          )}
        </FormField>
        <RefusalNotice refusal={refusal} />
        <div className={styles.actions}>
          <button type="submit" className={buttons.secondary} disabled={isLoading}>
            Decline the quotation
          </button>
          {isLoading && <Loading inline showLabel label="Sending…" />}
        </div>
      </form>
    </details>
  );
}
