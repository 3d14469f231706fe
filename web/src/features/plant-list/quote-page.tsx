import { useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { describeError, firstFieldErrors } from '../../lib/api/errors.ts';
import { useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser } from '../../lib/session/session.ts';
import buttons from '../../components/button.module.css';
import { GENERIC_ERROR } from '../../lib/api/form-errors.ts';
import { FormField, InputField } from '../../components/form-field.tsx';
import layout from '../../components/form-layout.module.css';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { lineName } from './add-to-list.tsx';
import { EstimatedTotal } from './estimate.tsx';
import { LinePrice } from './line-price.tsx';
import { PLANT_LIST_HREF } from './plant-list-link.tsx';
import { useGetPlantListsQuery } from './lists-api.ts';
import { useQuoteDefaultsQuery, useRequestQuoteMutation } from './quote-api.ts';
import type { QuoteDetails } from './quote-api.ts';
import { usePlantList } from './use-plant-list.ts';
import { PlantListStates } from './plant-list-states.tsx';
import page from './page.module.css';
import styles from './quote-page.module.css';

const FIELDS = ['delivery_postcode', 'wanted_by', 'notes', 'name', 'company', 'email', 'telephone', 'lines'] as const;
type Field = (typeof FIELDS)[number];
type Values = Required<Omit<QuoteDetails, 'plant_list_id'>>;
const EMPTY: Values = { delivery_postcode: '', wanted_by: '', notes: '', name: '', company: '', email: '', telephone: '' };

/** A guest's contact fields, all required but the company. */
const GUEST_FIELDS = ['name', 'company', 'email', 'telephone'] as const;
type ContactField = (typeof GUEST_FIELDS)[number];
/** A signed-in buyer's name and email come from the account; the company (prefilled from a trade account) and a telephone number are optional. */
const BUYER_FIELDS: readonly ContactField[] = ['company', 'telephone'];
const CONTACT_INPUTS: Record<ContactField, { label: string; type: string; autoComplete: string }> = {
  name: { label: 'Name', type: 'text', autoComplete: 'name' },
  company: { label: 'Company', type: 'text', autoComplete: 'organization' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  telephone: { label: 'Telephone', type: 'tel', autoComplete: 'tel' },
};

/**
 * The quote request (/plant-list/quote), client-rendered like the list it sends: the lines being
 * sent, delivery postcode, wanted-by date and notes, and for a guest the contact details (for a
 * signed-in buyer only an optional telephone number: the rest comes from the account). The
 * server's 422 messages appear under their fields (the first invalid one takes the focus); a 429
 * or a lines error shows above the button. On success the reference replaces the form and takes
 * the focus, and the list (the guest's here, the buyer's on the server) is empty. A trade buyer
 * sees each line's price at its quantity and the estimated total excl. VAT beside the lines.
 */
export function QuotePage() {
  usePageMeta('Request a quote', 'Send your plant list to Hothfield Nurseries for a trade quotation.');
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const { data, ready, isError } = usePlantList();
  const [send, { isLoading }] = useRequestQuoteMutation();
  // A trade buyer's company and postcode start from their account; what they type replaces them.
  const { data: defaults } = useQuoteDefaultsQuery(undefined, { skip: !signedIn });
  // A buyer with several lists sends the one shown here (the default), named so they know which.
  const { data: lists } = useGetPlantListsQuery(undefined, { skip: !signedIn });
  const sending = lists?.lists.find((list) => list.id === lists.default_id);
  const several = (lists?.lists.length ?? 0) > 1;
  const [typed, setTyped] = useState<Partial<Values>>({});
  const values: Values = { ...EMPTY, ...(signedIn && defaults), ...typed };
  const { errors, setErrors, clearError, showErrors, formRef } = useFieldErrors<Field>();
  const [formError, setFormError] = useState('');
  const [reference, setReference] = useState<string | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  const change = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setTyped((current) => ({ ...current, [field]: event.target.value }));
    clearError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError('');
    const details: QuoteDetails = signedIn
      ? {
          delivery_postcode: values.delivery_postcode,
          wanted_by: values.wanted_by,
          notes: values.notes,
          company: values.company,
          telephone: values.telephone,
          ...(sending ? { plant_list_id: sending.id } : {}),
        }
      : values;
    const result = await send(details);
    if ('data' in result && result.data) {
      flushSync(() => setReference(result.data.reference));
      doneRef.current?.focus();
      return;
    }
    const { status, body } = describeError(result.error);
    const fieldErrors = status === 422 ? firstFieldErrors(body, FIELDS) : {};
    const { lines: linesError, ...onFields } = fieldErrors;
    if (Object.keys(onFields).length) showErrors(onFields);
    if (linesError) setFormError(`Your plant list: ${linesError}`);
    else if (!Object.keys(onFields).length) {
      setFormError((status === 429 || status === 422) && typeof body.message === 'string' ? body.message : GENERIC_ERROR);
    }
  };

  if (reference) {
    return (
      <div className={`container ${page.page}`}>
        <h1 ref={doneRef} tabIndex={-1} className={page.title}>
          Quote request sent
        </h1>
        <p className={styles.reference}>
          Your reference is <strong>{reference}</strong>.
        </p>
        <p className={page.lead}>
          We have emailed you a confirmation with your list, and will be in touch with a quotation.
          {signedIn && (
            <>
              {' '}
              You can follow it in <Link to="/account/quote-requests">My quote requests</Link>.
            </>
          )}
        </p>
        <p>
          <Link to="/catalogue">Back to the catalogue</Link>
        </p>
      </div>
    );
  }

  return (
    <div className={`container ${page.page}`}>
      <h1 className={page.title}>Request a quote</h1>
      <PlantListStates ready={ready} data={data} isError={isError} emptyNext=", then request a quote">
        {({ lines }) => (
          <div className={styles.grid}>
            <section aria-labelledby="quote-lines-heading" className={styles.lines}>
              <h2 id="quote-lines-heading">
                {several && sending ? `“${sending.name}”` : 'Your list'}: {lines.length} {lines.length === 1 ? 'line' : 'lines'}
              </h2>
              <ul aria-label="Lines to be quoted">
                {lines.map((line) => (
                  <li key={line.id}>
                    <span>{lineName(line.snapshot)}</span>{' '}
                    <span className={styles.quantity}>× {line.quantity.toLocaleString('en-GB')}</span>
                    {line.current?.trade && <LinePrice trade={line.current.trade} quantity={line.quantity} />}
                  </li>
                ))}
              </ul>
              {lines.some((line) => line.current?.trade) && (
                <EstimatedTotal
                  className={styles.total}
                  lines={lines.map((line) => ({ trade: line.current?.trade, quantity: line.quantity }))}
                />
              )}
              <Link to={PLANT_LIST_HREF}>Edit the list</Link>
            </section>
            <form ref={formRef} className={layout.panel} onSubmit={submit} aria-labelledby="quote-form-heading" noValidate>
              <h2 id="quote-form-heading">Delivery and contact</h2>
              <InputField
                label="Delivery postcode"
                error={errors.delivery_postcode}
                required
                name="delivery_postcode"
                type="text"
                autoComplete="postal-code"
                value={values.delivery_postcode}
                onChange={change('delivery_postcode')}
              />
              <InputField
                label="Wanted by"
                hint="Optional: the date you need the plants by."
                error={errors.wanted_by}
                name="wanted_by"
                type="date"
                value={values.wanted_by}
                onChange={change('wanted_by')}
              />
              <div className={layout.row}>
                {(signedIn ? BUYER_FIELDS : GUEST_FIELDS).map((field) => (
                  <InputField
                    key={field}
                    label={signedIn ? `${CONTACT_INPUTS[field].label} (optional)` : CONTACT_INPUTS[field].label}
                    error={errors[field]}
                    required={!signedIn && field !== 'company'}
                    name={field}
                    type={CONTACT_INPUTS[field].type}
                    autoComplete={CONTACT_INPUTS[field].autoComplete}
                    value={values[field]}
                    onChange={change(field)}
                  />
                ))}
              </div>
              <FormField label="Notes" hint="Optional: anything we should know (access, alternatives, grades)." error={errors.notes}>
                {(control) => <textarea {...control} name="notes" rows={4} value={values.notes} onChange={change('notes')} />}
              </FormField>
              <Notice tone="error">{formError}</Notice>
              <div className={layout.actions}>
                <button type="submit" className={buttons.primary} disabled={isLoading}>
                  Send quote request
                </button>
                {isLoading && <Loading inline showLabel label="Sending…" />}
              </div>
            </form>
          </div>
        )}
      </PlantListStates>
    </div>
  );
}
