import { createContext, useContext, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { describeError, firstFieldErrors } from '../../lib/api/errors.ts';
import { fieldTexts } from '../../lib/form-fields.ts';
import buttons from '../../components/button.module.css';
import type { CatalogueLineAction } from '../../components/catalogue-line-action.ts';
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

/** What one line's form says after a try. */
interface LineStatus {
  tone: 'done' | 'error';
  text: string;
}

/** What the scope shares with every line's form. */
interface AddToListState {
  /** Statuses by line id. */
  statuses: Readonly<Record<string, LineStatus>>;
  /** The ids of the lines being added. */
  adding: ReadonlySet<string>;
  /** False until hydration: until then a click could only submit the bare form. */
  hydrated: boolean;
}

const AddToListStateContext = createContext<AddToListState>({ statuses: {}, adding: new Set(), hydrated: false });

/**
 * Around a page of catalogue lines: the one submit handler for every line's "Add to list" form
 * (submit events bubble to it), the one mutation, and what each form says. The forms themselves
 * hold no state, so a page of fifty lines hydrates without fifty sets of hooks.
 */
function AddToListScope({ rows, children }: { rows: CatalogueLine[]; children: ReactNode }) {
  const [add] = useAddPlantListLineMutation();
  const hydrated = useHydrated();
  const [statuses, setStatuses] = useState<Record<string, LineStatus>>({});
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());

  const say = (key: string, status: LineStatus) => setStatuses((current) => ({ ...current, [key]: status }));
  const markAdding = (key: string, on: boolean) =>
    setAdding((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const submit = async (event: FormEvent<HTMLDivElement>) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.lineId) return;
    event.preventDefault();
    const key = form.dataset.lineId;
    const row = rows.find((candidate) => String(candidate.id) === key);
    if (!row || adding.has(key)) return;
    const { quantity } = fieldTexts(form, ['quantity']);
    const value = Number(quantity);
    if (quantity.trim() === '' || !validQuantity(value)) {
      say(key, { tone: 'error', text: `Enter a quantity from ${MIN_QUANTITY} to ${MAX_QUANTITY.toLocaleString('en-GB')}.` });
      return;
    }
    markAdding(key, true);
    const result = await add({ row, quantity: value });
    markAdding(key, false);
    if ('error' in result) {
      const { body } = describeError(result.error);
      const fields = firstFieldErrors(body, ['quantity', 'catalogue_item_id', 'lines']);
      const text =
        fields.quantity ??
        fields.catalogue_item_id ??
        fields.lines ??
        (typeof body.message === 'string' ? body.message : 'It could not be added; please try again.');
      say(key, { tone: 'error', text });
      return;
    }
    say(key, { tone: 'done', text: `Added ${value.toLocaleString('en-GB')} to your plant list.` });
  };

  return (
    <div onSubmit={(event) => void submit(event)}>
      <AddToListStateContext.Provider value={{ statuses, adding, hydrated }}>{children}</AddToListStateContext.Provider>
    </div>
  );
}

/**
 * "Add to list" for one catalogue line: a quantity and a button; the scope around the lines does
 * the adding. The outcome is announced in a status line (a live region present from the start, so
 * screen readers hear it change) with a link to the list; a bad quantity is said there too and the
 * field is marked invalid. The quantity is the browser's own field: what is typed, even before the
 * page's script has started, stays. Without JavaScript the form is hidden and a note says why.
 */
function AddToListControl({ row }: { row: CatalogueLine }) {
  const { statuses, adding, hydrated } = useContext(AddToListStateContext);
  const key = String(row.id);
  const id = `add-${key}`;
  const status = statuses[key];
  const name = lineName(row);
  return (
    <>
      <noscript>
        <p className={styles.noScript}>Adding to a plant list needs JavaScript.</p>
      </noscript>
      <form className={styles.form} data-line-id={row.id} noValidate aria-label={`Add ${name} to the plant list`}>
        <label className="visually-hidden" htmlFor={`${id}-quantity`}>
          {`Quantity of ${name}`}
        </label>
        <QuantityInput
          id={`${id}-quantity`}
          name="quantity"
          className={styles.quantity}
          defaultValue="1"
          invalid={status?.tone === 'error'}
          describedBy={`${id}-status`}
        />
        <button
          type="submit"
          className={cx(buttons.secondary, styles.add)}
          disabled={!hydrated || adding.has(key)}
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

/** The plant list's action on catalogue lines, provided to the catalogue by the main layout. */
export const addToList: CatalogueLineAction = { Scope: AddToListScope, Control: AddToListControl };
