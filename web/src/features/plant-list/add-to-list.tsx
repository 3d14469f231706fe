import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { describeError, firstFieldErrors } from '../../lib/api/errors.ts';
import buttons from '../../components/button.module.css';
import { cx } from '../../components/cx.ts';
import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import { useAddPlantListLineMutation } from './api.ts';
import { useHydrated } from './use-hydrated.ts';
import { PLANT_LIST_HREF } from './plant-list-link.tsx';
import { QuantityInput } from './quantity-input.tsx';
import { MAX_QUANTITY, MIN_QUANTITY, validQuantity } from './types.ts';
import styles from './add-to-list.module.css';

/** A catalogue line's name as a buyer reads it: "Acer campestre, 9cm, 20-40 cm". */
export const lineName = (row: Pick<CatalogueLine, 'genus' | 'species' | 'form' | 'height'>): string =>
  `${row.genus} ${row.species}, ${row.form}, ${row.height === 'Rootstock' ? row.height : `${row.height} cm`}`;

/**
 * "Add to list" for one catalogue line: a quantity and a button. The outcome is announced in a
 * status line (a live region present from the start, so screen readers hear it change) with a link
 * to the list; a bad quantity is said there too and the field is marked invalid. Without
 * JavaScript the form is hidden and a note says why instead.
 */
export function AddToList({ row }: { row: CatalogueLine }) {
  const id = useId();
  const [quantity, setQuantity] = useState('1');
  const [status, setStatus] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  const [add, { isLoading }] = useAddPlantListLineMutation();
  // The list lives in script (localStorage or the API): until hydration a click could only submit
  // the bare form and reload the page without the search, so the button waits for the script.
  const hydrated = useHydrated();
  const name = lineName(row);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(quantity);
    if (quantity.trim() === '' || !validQuantity(value)) {
      setStatus({ tone: 'error', text: `Enter a quantity from ${MIN_QUANTITY} to ${MAX_QUANTITY.toLocaleString('en-GB')}.` });
      return;
    }
    const result = await add({ row, quantity: value });
    if ('error' in result) {
      const { body } = describeError(result.error);
      const fields = firstFieldErrors(body, ['quantity', 'catalogue_item_id', 'lines']);
      const text =
        fields.quantity ??
        fields.catalogue_item_id ??
        fields.lines ??
        (typeof body.message === 'string' ? body.message : 'It could not be added; please try again.');
      setStatus({ tone: 'error', text });
      return;
    }
    setStatus({ tone: 'done', text: `Added ${value.toLocaleString('en-GB')} to your plant list.` });
  };

  const invalid = status?.tone === 'error';
  return (
    <>
      <noscript>
        <p className={styles.noScript}>Adding to a plant list needs JavaScript.</p>
      </noscript>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={`Add ${name} to the plant list`}>
        <label className="visually-hidden" htmlFor={`${id}-quantity`}>
          {`Quantity of ${name}`}
        </label>
        <QuantityInput
          id={`${id}-quantity`}
          className={styles.quantity}
          value={quantity}
          invalid={invalid}
          describedBy={`${id}-status`}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <button
          type="submit"
          className={cx(buttons.secondary, styles.add)}
          disabled={!hydrated || isLoading}
          aria-label={`Add to list: ${name}`}
        >
          Add to list
        </button>
        <p id={`${id}-status`} className={styles.status} role="status" data-tone={status?.tone}>
          {status?.text}
          {status?.tone === 'done' && (
            <>
              {' '}
              <Link to={PLANT_LIST_HREF}>View list</Link>
            </>
          )}
        </p>
      </form>
    </>
  );
}
