import { useMemo, useState, type FormEvent } from 'react';
import { penceText } from '../../../../../shared/trade-text.ts';
import { readPrice } from '../../../../../shared/money.ts';
import type { AdminQuotation } from '../../../../../shared/api/quotations.ts';
import buttons from '../../../components/button.module.css';
import { Notice } from '../../../components/notice.tsx';
import { describeError } from '../../../lib/api/errors.ts';
import { AdminTable, type AdminColumn } from '../shared/admin-table.tsx';
import admin from '../shared/admin.module.css';
import { editorState, liveTotals, readQuantity, toPatch, type EditorLine, type EditorState } from './quotation-draft.ts';
import { TotalsList } from './quotation-totals.tsx';
import { useSaveQuotationMutation, useSendQuotationMutation } from './quotations-api.ts';
import styles from './quotation.module.css';

const AVAILABILITY_WARNINGS: Partial<Record<EditorLine['availability'], string>> = {
  retired: 'No longer grown: remove it or keep the substitute',
  gone: 'No longer in the catalogue',
  out_of_stock: 'Out of stock',
  new: 'Added: priced from the catalogue when saved',
};

/** The first message per field of a 422 body, as `{field: message}`. */
function serverErrors(error: unknown): { message: string; fields: Record<string, string> } {
  const { status, body } = describeError(error);
  const fields: Record<string, string> = {};
  if (typeof body.errors === 'object' && body.errors !== null)
    for (const [field, messages] of Object.entries(body.errors as Record<string, unknown>))
      if (Array.isArray(messages) && typeof messages[0] === 'string') fields[field] = messages[0];
  const message =
    typeof body.message === 'string' && (status === 422 || status === 409)
      ? body.message
      : 'The quotation could not be saved. Please try again.';
  return { message, fields };
}

let added = 0;

/**
 * A draft quotation as staff edit it: each line's quantity and unit price (substitutes marked,
 * lines that cannot be supplied flagged), removing lines and adding one by product code, the
 * delivery charge, the validity and a note, with the totals worked out live by the server's rule.
 * Save stores it; Send saves what changed and sends it.
 */
export function QuotationEditor({ quotation, onSent }: { quotation: AdminQuotation; onSent: (sent: AdminQuotation) => void }) {
  const [state, setState] = useState<EditorState>(() => editorState(quotation));
  const [saved, setSaved] = useState(() => JSON.stringify(editorState(quotation)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [code, setCode] = useState('');
  const [codeQuantity, setCodeQuantity] = useState('1');
  const [save, { isLoading: saving }] = useSaveQuotationMutation();
  const [send, { isLoading: sending }] = useSendQuotationMutation();
  const key = { requestId: quotation.quote_request_id, id: quotation.id };
  const totals = useMemo(() => liveTotals(state, quotation.vat_rate_bp), [state, quotation.vat_rate_bp]);
  const dirty = JSON.stringify(state) !== saved;

  const setLine = (index: number, change: Partial<EditorLine>) =>
    setState((s) => ({ ...s, lines: s.lines.map((line, i) => (i === index ? { ...line, ...change } : line)) }));
  const removeLine = (index: number) => setState((s) => ({ ...s, lines: s.lines.filter((_, i) => i !== index) }));

  const addByCode = () => {
    const wanted = code.trim();
    if (!wanted) return setErrors({ code: 'Enter a product code.' });
    if (readQuantity(codeQuantity) === undefined) return setErrors({ codeQuantity: 'Enter a whole number of plants.' });
    setErrors({});
    setState((s) => ({
      ...s,
      lines: [
        ...s.lines,
        {
          key: `new-${++added}`,
          code: wanted,
          description: `Product ${wanted}`,
          is_substitute: false,
          availability: 'new',
          quantity: codeQuantity.trim(),
          price: '',
          note: '',
        },
      ],
    }));
    setCode('');
    setCodeQuantity('1');
  };

  /** Saves the draft; the stored draft, or undefined when it could not be saved (the reasons shown). */
  const store = async (): Promise<AdminQuotation | undefined> => {
    setProblem('');
    setDone('');
    const built = toPatch(state);
    if (built.errors) {
      setErrors(built.errors);
      setProblem('Please correct the marked fields.');
      return undefined;
    }
    setErrors({});
    try {
      const stored = await save({ ...key, patch: built.patch }).unwrap();
      const next = editorState(stored);
      setState(next);
      setSaved(JSON.stringify(next));
      return stored;
    } catch (error) {
      const { message, fields } = serverErrors(error);
      setErrors(fields);
      setProblem(message);
      return undefined;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store()) setDone('Draft saved.');
  };

  const sendNow = async () => {
    if (dirty && !(await store())) return;
    setProblem('');
    try {
      onSent(await send(key).unwrap());
    } catch (error) {
      const { message, fields } = serverErrors(error);
      setErrors(fields);
      setProblem(
        message === 'The quotation could not be saved. Please try again.' ? 'The quotation could not be sent. Please try again.' : message,
      );
    }
  };

  const columns: AdminColumn<EditorLine & { index: number }>[] = [
    {
      label: 'Code',
      nowrap: true,
      cell: (line) => (
        <>
          {line.code || '—'}
          {errors[`lines.${line.index}.code`] && <span className={styles.fieldError}>{errors[`lines.${line.index}.code`]}</span>}
        </>
      ),
    },
    {
      label: 'Plant',
      cell: (line) => (
        <>
          {line.description}
          {line.is_substitute && <span className={styles.substitute}>Substitute</span>}
          {AVAILABILITY_WARNINGS[line.availability] && <span className={styles.warning}>{AVAILABILITY_WARNINGS[line.availability]}</span>}
          {line.note && <span className={styles.lineNote}>{line.note}</span>}
        </>
      ),
    },
    {
      label: 'Quantity',
      cell: (line) => (
        <FieldInput
          label={`Quantity of ${line.code || 'line'} ${line.index + 1}`}
          value={line.quantity}
          inputMode="numeric"
          error={errors[`lines.${line.index}.quantity`]}
          onChange={(quantity) => setLine(line.index, { quantity })}
        />
      ),
    },
    {
      label: 'Unit price (£)',
      cell: (line) => (
        <FieldInput
          label={`Unit price of ${line.code || 'line'} ${line.index + 1}`}
          value={line.price}
          inputMode="decimal"
          placeholder={line.availability === 'new' ? 'Catalogue' : 'No price'}
          error={errors[`lines.${line.index}.price`] ?? errors[`lines.${line.index}.unit_price_pence`]}
          onChange={(price) => setLine(line.index, { price })}
        />
      ),
    },
    {
      label: 'Line total',
      numeric: true,
      cell: (line) => {
        const quantity = readQuantity(line.quantity);
        const price = readPrice(line.price).pence;
        return quantity !== undefined && typeof price === 'number' ? penceText(quantity * price) : '—';
      },
    },
    {
      label: 'Remove',
      hideLabel: true,
      cell: (line) => (
        <button type="button" className={buttons.secondary} onClick={() => removeLine(line.index)}>
          Remove <span className="visually-hidden">{line.code || `line ${line.index + 1}`}</span>
        </button>
      ),
    },
  ];

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Notice tone="success">{done}</Notice>
      <Notice tone="error">{problem || errors.lines || ''}</Notice>
      <AdminTable
        caption={`Lines of ${quotation.reference}`}
        columns={columns}
        rows={state.lines.map((line, index) => ({ ...line, index }))}
        rowKey={(line) => line.key}
        className={styles.linesWrap}
      />
      {state.lines.length === 0 && <p className={admin.muted}>No lines: add one by its product code.</p>}
      <div className={styles.row}>
        <label>
          Product code
          <input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={errors.code ? true : undefined}
            autoCapitalize="characters"
          />
          {errors.code && <span className={styles.fieldError}>{errors.code}</span>}
        </label>
        <label>
          Quantity to add
          <input
            value={codeQuantity}
            onChange={(e) => setCodeQuantity(e.target.value)}
            inputMode="numeric"
            aria-invalid={errors.codeQuantity ? true : undefined}
          />
          {errors.codeQuantity && <span className={styles.fieldError}>{errors.codeQuantity}</span>}
        </label>
        <button type="button" className={buttons.secondary} onClick={addByCode}>
          Add Line
        </button>
      </div>
      <div className={styles.row}>
        <label>
          Delivery (£)
          <input
            value={state.delivery}
            inputMode="decimal"
            onChange={(e) => setState((s) => ({ ...s, delivery: e.target.value }))}
            aria-invalid={errors.delivery || errors.delivery_pence ? true : undefined}
          />
          {(errors.delivery ?? errors.delivery_pence) && (
            <span className={styles.fieldError}>{errors.delivery ?? errors.delivery_pence}</span>
          )}
        </label>
        <label>
          Valid until
          <input
            type="date"
            value={state.validUntil}
            onChange={(e) => setState((s) => ({ ...s, validUntil: e.target.value }))}
            aria-invalid={errors.validUntil || errors.valid_until ? true : undefined}
          />
          {(errors.validUntil ?? errors.valid_until) && (
            <span className={styles.fieldError}>{errors.validUntil ?? errors.valid_until}</span>
          )}
        </label>
      </div>
      <div className={styles.note}>
        <label>
          Note to the buyer
          <textarea value={state.note} maxLength={5000} onChange={(e) => setState((s) => ({ ...s, note: e.target.value }))} />
        </label>
      </div>
      <TotalsList totals={totals} vatRateBp={quotation.vat_rate_bp} />
      <div className={styles.actions}>
        <button type="submit" className={buttons.secondary} disabled={saving || sending || !dirty}>
          Save Draft
        </button>
        <button type="button" className={buttons.primary} disabled={saving || sending} onClick={() => void sendNow()}>
          Send Quotation
        </button>
      </div>
    </form>
  );
}

function FieldInput(props: {
  label: string;
  value: string;
  inputMode: 'numeric' | 'decimal';
  placeholder?: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <input
        className={styles.input}
        aria-label={props.label}
        value={props.value}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && <span className={styles.fieldError}>{props.error}</span>}
    </>
  );
}
