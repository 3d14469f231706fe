import type { ChangeEvent } from 'react';
import buttons from '../../../components/button.module.css';
import { cx } from '../../../components/cx.ts';
import { FormField } from '../../../components/form-field.tsx';
import admin from '../shared/admin.module.css';
import { STOCK_STATUSES, type StockStatus } from '../../../../../shared/api/catalogue.ts';
import { newBreak, type BreakDraft, type TradeDraft, type TradeErrors } from './trade-draft.ts';
import styles from './catalogue-admin.module.css';

/** The stock statuses as staff read them (the buyers' catalogue words them the same way). */
const STATUS_LABELS: Record<StockStatus, string> = {
  in_stock: 'In stock',
  limited: 'Limited',
  ready_from: 'Ready from a date',
  out_of_stock: 'Out of stock',
};

/** Props of {@link TradeFieldset}. */
export interface TradeFieldsetProps {
  draft: TradeDraft;
  errors: TradeErrors;
  onChange: (draft: TradeDraft) => void;
}

/**
 * The line modal's "Trade" fields (issue 10): the price in pounds, quantity breaks as an editable
 * list, stock status and quantity, and the ready-from date, shown (and required) only for that
 * status. Only approved trade buyers and staff ever see these values.
 */
export function TradeFieldset({ draft, errors, onChange }: TradeFieldsetProps) {
  const set =
    (field: 'price' | 'stock_status' | 'stock_quantity' | 'ready_from') => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      onChange({ ...draft, [field]: event.target.value });
  const setBreak = (index: number, field: 'min_quantity' | 'price') => (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ ...draft, breaks: draft.breaks.map((row, i) => (i === index ? { ...row, [field]: event.target.value } : row)) });
  const removeBreak = (row: BreakDraft) => onChange({ ...draft, breaks: draft.breaks.filter((other) => other !== row) });
  const readyFrom = draft.stock_status === 'ready_from';

  return (
    <fieldset className={styles.trade}>
      <legend>Trade</legend>
      <p className={admin.muted}>
        Prices are for each plant, in pounds; leave a price empty for none. Only approved trade buyers see these.
      </p>
      <div className={admin.twoCols}>
        <FormField label="Trade price (£)" error={errors.price}>
          {(control) => (
            <input {...control} name="price" inputMode="decimal" placeholder="2.50" value={draft.price} onChange={set('price')} />
          )}
        </FormField>
        <FormField label="Stock quantity" error={errors.stock_quantity}>
          {(control) => (
            <input {...control} name="stock_quantity" inputMode="numeric" value={draft.stock_quantity} onChange={set('stock_quantity')} />
          )}
        </FormField>
      </div>
      <div className={admin.twoCols}>
        <FormField label="Stock status" error={errors.stock_status}>
          {(control) => (
            <select {...control} name="stock_status" value={draft.stock_status} onChange={set('stock_status')}>
              <option value="">Not set</option>
              {STOCK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {readyFrom && (
          <FormField label="Ready from" error={errors.ready_from} required>
            {(control) => (
              <input {...control} type="date" name="ready_from" required value={draft.ready_from} onChange={set('ready_from')} />
            )}
          </FormField>
        )}
      </div>
      {/* A date the server refused for a status now hidden still needs saying. */}
      {!readyFrom && errors.ready_from && <p className={styles.tradeError}>{errors.ready_from}</p>}

      <fieldset className={styles.breaks}>
        <legend>Price breaks</legend>
        <p className={admin.muted}>From a quantity on, each plant costs the break price.</p>
        {draft.breaks.map((row, index) => {
          const rowErrors = errors.breakRows?.[index] ?? {};
          return (
            <div key={row.key} role="group" aria-label={`Break ${index + 1}`} className={styles.breakRow}>
              <FormField label="From quantity" error={rowErrors.min_quantity}>
                {(control) => (
                  <input {...control} inputMode="numeric" value={row.min_quantity} onChange={setBreak(index, 'min_quantity')} />
                )}
              </FormField>
              <FormField label="Price (£)" error={rowErrors.price}>
                {(control) => (
                  <input {...control} inputMode="decimal" placeholder="2.25" value={row.price} onChange={setBreak(index, 'price')} />
                )}
              </FormField>
              <button type="button" className={cx(buttons.secondary, admin.small, styles.removeBreak)} onClick={() => removeBreak(row)}>
                Remove<span className="visually-hidden"> break {index + 1}</span>
              </button>
            </div>
          );
        })}
        {errors.breaks && <p className={styles.tradeError}>{errors.breaks}</p>}
        <button
          type="button"
          className={cx(buttons.secondary, admin.small)}
          onClick={() => onChange({ ...draft, breaks: [...draft.breaks, newBreak()] })}
        >
          Add break
        </button>
      </fieldset>
    </fieldset>
  );
}
