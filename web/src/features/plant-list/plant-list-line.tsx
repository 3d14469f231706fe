import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { describeError, firstFieldErrors } from '../../app/api-errors.ts';
import buttons from '../../components/button.module.css';
import { useRemovePlantListLineMutation, useUpdatePlantListLineMutation } from './api.ts';
import { lineName } from './add-to-list.tsx';
import type { LineStatus } from './line-status.ts';
import { QuantityInput } from './quantity-input.tsx';
import { MAX_QUANTITY, MIN_QUANTITY, validQuantity } from './types.ts';
import type { PlantListLine as Line } from './types.ts';
import styles from './plant-list-page.module.css';

/** A retired line as it last read in the catalogue (the server's copy when it has one), with its code. */
const retiredName = (line: Line) => {
  const row = line.current ?? line.snapshot;
  return `${lineName(row)}${row.code ? ` (${row.code})` : ''}`;
};

/** Props of {@link PlantListLine}. */
export interface PlantListLineProps {
  line: Line;
  status: LineStatus;
  /** Tells the page what happened, for its live region ("Removed …"). */
  onDone: (message: string, removed?: boolean) => void;
}

/**
 * One line of the list: what was added (the snapshot, so a removed catalogue row still reads),
 * its standing against the catalogue now, its quantity with an Update button, and Remove.
 */
export function PlantListLine({ line, status, onDone }: PlantListLineProps) {
  const id = useId();
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const [update, updating] = useUpdatePlantListLineMutation();
  const [remove, removing] = useRemovePlantListLineMutation();
  const { snapshot } = line;
  const name = lineName(snapshot);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(quantity);
    if (quantity.trim() === '' || !validQuantity(value)) {
      setError(`Enter a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY.toLocaleString('en-GB')}.`);
      return;
    }
    const result = await update({ id: line.id, quantity: value });
    if ('error' in result) {
      const { body } = describeError(result.error);
      setError(firstFieldErrors(body, ['quantity']).quantity ?? 'The quantity could not be saved; please try again.');
      return;
    }
    setError(null);
    onDone(`${name}: quantity now ${value.toLocaleString('en-GB')}.`);
  };

  const drop = async () => {
    const result = await remove(line.id);
    if ('error' in result) onDone(`${name} could not be removed; please try again.`);
    else onDone(`Removed ${name}.`, true);
  };

  return (
    <li className={styles.line} data-status={status.kind}>
      <div className={styles.what}>
        <h3 className={styles.name}>
          <i>
            {snapshot.genus} {snapshot.species}
          </i>
        </h3>
        {snapshot.common_name && <p className={styles.common}>{snapshot.common_name}</p>}
        <p className={styles.facts}>
          {snapshot.code && <span className={styles.code}>{snapshot.code} · </span>}
          {snapshot.form} · {snapshot.height === 'Rootstock' ? snapshot.height : `${snapshot.height} cm`}
        </p>
        {status.kind === 'removed' && (
          <p className={styles.flag}>
            No longer available: {retiredName(line)} has left the catalogue. We will suggest an alternative with your quote.
          </p>
        )}
        {status.kind === 'changed' && <p className={styles.flag}>Changed in the catalogue since you added it: now {lineName(status.current)}.</p>}
      </div>
      <form className={styles.quantityForm} onSubmit={save} noValidate>
        <label htmlFor={`${id}-quantity`}>
          Quantity<span className="visually-hidden">{` of ${name}`}</span>
        </label>
        <QuantityInput
          id={`${id}-quantity`}
          className={styles.quantity}
          value={quantity}
          invalid={Boolean(error)}
          describedBy={error ? `${id}-error` : undefined}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <button type="submit" className={buttons.secondary} disabled={updating.isLoading} aria-label={`Update quantity of ${name}`}>
          Update
        </button>
        <button type="button" className={buttons.danger} disabled={removing.isLoading} onClick={() => void drop()} aria-label={`Remove ${name}`}>
          Remove
        </button>
        {error && (
          <p id={`${id}-error`} className={styles.error}>
            {error}
          </p>
        )}
      </form>
    </li>
  );
}
