import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { AcceptQuotationInput, OrderCreated } from '../../../shared/api/orders.ts';
import type { Quotation } from '../../../shared/api/quotations.ts';
import { penceText } from '../../../shared/trade-text.ts';
import { ukDay } from '../../../shared/uk-day.ts';
import { describeError, firstFieldErrors } from '../lib/api/errors.ts';
import { useAcceptQuotationMutation } from '../lib/api/quotation-answers-api.ts';
import { refusalOf, type Refusal } from './answer-refusal.ts';
import { RefusalNotice } from './answer-refusal-notice.tsx';
import buttons from './button.module.css';
import { FormField, InputField } from './form-field.tsx';
import { Loading } from './loading.tsx';
import { useFieldErrors } from './use-field-errors.ts';
import styles from './quotation-answer.module.css';

const FIELDS = ['po_number', 'delivery_address', 'delivery_postcode', 'wanted_by'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** Props of {@link QuotationAcceptForm}. */
export interface QuotationAcceptFormProps {
  quotation: Quotation;
  token?: string;
  onAccepted: (order: OrderCreated) => void;
}

/**
 * "Accept and order": the buyer's purchase order number, where and by when to deliver (the
 * postcode starts from the quote request), with the totals being accepted above the button. A 422
 * puts each message beside its field; a 409 (a line short of stock, the quotation expired or
 * replaced) shows the server's words above the button, naming every short line.
 */
export function QuotationAcceptForm({ quotation, token, onAccepted }: QuotationAcceptFormProps) {
  const [accept, { isLoading }] = useAcceptQuotationMutation();
  const [values, setValues] = useState<Values>({
    po_number: '',
    delivery_address: '',
    delivery_postcode: quotation.delivery_postcode,
    wanted_by: '',
  });
  const { errors, setErrors, clearError, showErrors, formRef } = useFieldErrors<Field>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { totals } = quotation;

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clearError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setRefusal(null);
    const body: AcceptQuotationInput = token ? { ...values, token } : values;
    const result = await accept({ id: quotation.id, body });
    if ('data' in result && result.data) return onAccepted(result.data);
    const { status, body: errorBody } = describeError(result.error);
    const onFields = status === 422 ? firstFieldErrors(errorBody, FIELDS) : {};
    if (Object.keys(onFields).length) showErrors(onFields);
    else setRefusal(refusalOf(result.error));
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} aria-labelledby={`accept-${quotation.id}`} noValidate>
      <h3 id={`accept-${quotation.id}`}>Accept and order</h3>
      <InputField
        label="Your PO number"
        error={errors.po_number}
        required
        name="po_number"
        autoComplete="off"
        maxLength={64}
        value={values.po_number}
        onChange={change('po_number')}
      />
      <FormField label="Delivery address" hint="The site or yard, with any access notes." error={errors.delivery_address} required>
        {(control) => (
          <textarea
            {...control}
            required
            name="delivery_address"
            rows={4}
            autoComplete="street-address"
            maxLength={1000}
            value={values.delivery_address}
            onChange={change('delivery_address')}
          />
        )}
      </FormField>
      <InputField
        label="Delivery postcode"
        error={errors.delivery_postcode}
        required
        name="delivery_postcode"
        autoComplete="postal-code"
        value={values.delivery_postcode}
        onChange={change('delivery_postcode')}
      />
      <InputField
        label="Wanted by"
        hint="The day you need the plants on site."
        error={errors.wanted_by}
        required
        name="wanted_by"
        type="date"
        min={ukDay(new Date())}
        value={values.wanted_by}
        onChange={change('wanted_by')}
      />
      <p className={styles.accepting}>
        You are accepting {quotation.reference}: {quotation.lines.length} {quotation.lines.length === 1 ? 'line' : 'lines'},{' '}
        <strong>{penceText(totals.total_pence)} inc VAT</strong> ({penceText(totals.subtotal_pence + totals.delivery_pence)} ex VAT,
        delivery included).
      </p>
      <RefusalNotice refusal={refusal} />
      <div className={styles.actions}>
        <button type="submit" className={buttons.primary} disabled={isLoading}>
          Accept and place the order
        </button>
        {isLoading && <Loading inline showLabel label="Placing the order…" />}
      </div>
    </form>
  );
}
