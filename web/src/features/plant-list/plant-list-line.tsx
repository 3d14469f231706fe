import { useEffect, useId, useRef, useState } from 'react';
import { describeError, firstFieldErrors } from '../../lib/api/errors.ts';
import buttons from '../../components/button.module.css';
import { useAppDispatch } from '../../lib/hooks.ts';
import { cachedQuantity, cachedWithout, useRemovePlantListLineMutation, useUpdatePlantListLineMutation, writeOnLeave } from './api.ts';
import { lineName } from './add-to-list.tsx';
import { LinePrice } from './line-price.tsx';
import type { LineStatus } from './line-status.ts';
import { useDeferredSave } from './pending-saves.ts';
import { QuantityInput } from './quantity-input.tsx';
import { MAX_QUANTITY, MIN_QUANTITY, validQuantity } from './types.ts';
import type { PlantListLine as Line } from './types.ts';
import styles from './plant-list-page.module.css';

/** How long after the last keystroke a quantity is saved. */
export const SAVE_DELAY_MS = 600;
/** How long a removed line can be brought back before the removal is saved. */
export const UNDO_MS = 8000;

const QUANTITY_MESSAGE = `Enter a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY.toLocaleString('en-GB')}.`;

/** The typed text as a quantity, or null when it is not one the list takes. */
const quantityOf = (text: string): number | null => {
  const value = Number(text);
  return text.trim() !== '' && validQuantity(value) ? value : null;
};

/** What the line says beside its quantity. */
type Feedback =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string; retry: boolean };

/** A retired line as it last read in the catalogue (the server's copy when it has one), with its code. */
const retiredName = (line: Line) => {
  const row = line.current ?? line.snapshot;
  return `${lineName(row)}${row.code ? ` (${row.code})` : ''}`;
};

/** Props of {@link PlantListLine}. */
export interface PlantListLineProps {
  line: Line;
  status: LineStatus;
  /** Whose list: the server's (signed in) or this browser's. */
  serverList: boolean;
  /** Tells the page the quantity on screen (for its total) as the buyer types it. */
  onQuantity?: (id: number, quantity: number) => void;
}

/**
 * One line of the list: what was added (the snapshot, so a removed catalogue row still reads),
 * its standing against the catalogue now, its price for a trade buyer, and its quantity, saved as
 * it is typed (after a pause; at once when the buyer leaves or requests a quote) with "Saving…",
 * "Saved" or what went wrong beside it. Remove puts an Undo bar in the line's place; the removal is
 * saved only when the bar goes, so Undo brings the line back as it was, where it was.
 */
export function PlantListLine({ line, status, serverList, onQuantity }: PlantListLineProps) {
  const id = useId();
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [feedback, setFeedback] = useState<Feedback>({ kind: 'idle' });
  const [removed, setRemoved] = useState(false);
  const saved = useRef(line.quantity);
  const inputRef = useRef<HTMLInputElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const [update] = useUpdatePlantListLineMutation();
  const [remove] = useRemovePlantListLineMutation();
  const dispatch = useAppDispatch();
  const { snapshot } = line;
  const name = lineName(snapshot);

  const save = useDeferredSave(async (leaving) => {
    const value = quantityOf(quantity);
    if (value === null) {
      if (!leaving) setFeedback({ kind: 'invalid', message: QUANTITY_MESSAGE });
      return false;
    }
    if (value === saved.current) {
      if (!leaving) setFeedback((now) => (now.kind === 'idle' ? now : { kind: 'saved' }));
      return true;
    }
    if (leaving) {
      writeOnLeave(serverList, { id: line.id, quantity: value });
      // The buyer may come back to the tab: the cached list (the quote form's) has it too.
      saved.current = value;
      dispatch(cachedQuantity(serverList, line.id, value));
      return true;
    }
    setFeedback({ kind: 'saving' });
    const result = await update({ id: line.id, quantity: value });
    if ('error' in result) {
      const { body } = describeError(result.error);
      setFeedback({
        kind: 'failed',
        message: firstFieldErrors(body, ['quantity']).quantity ?? 'Not saved: the connection failed.',
        retry: true,
      });
      return false;
    }
    saved.current = value;
    setFeedback({ kind: 'saved' });
    return true;
  }, SAVE_DELAY_MS);

  const removal = useDeferredSave(async (leaving) => {
    if (leaving) {
      writeOnLeave(serverList, { id: line.id, remove: true });
      // Removed for good now: should the buyer come back to the tab, there is nothing to undo.
      dispatch(cachedWithout(serverList, line.id));
      return true;
    }
    const result = await remove(line.id);
    if ('error' in result) {
      setRemoved(false);
      setFeedback({ kind: 'failed', message: `${name} could not be removed; please try again.`, retry: false });
      return false;
    }
    return true;
  }, UNDO_MS);

  const retry = () => {
    save.schedule();
    void save.flush();
  };

  const wasRemoved = useRef(false);
  useEffect(() => {
    // Keep the focus where the buyer is: on Undo once the line goes, back on its quantity after.
    if (removed) undoRef.current?.focus();
    else if (wasRemoved.current) inputRef.current?.focus();
    wasRemoved.current = removed;
  }, [removed]);

  const type = (text: string) => {
    setQuantity(text);
    const value = quantityOf(text);
    if (value !== null) onQuantity?.(line.id, value);
    // A wrong value is said after the pause too, not while the buyer is mid-way through typing.
    setFeedback((now) => (now.kind === 'invalid' && value !== null ? { kind: 'idle' } : now));
    save.schedule();
  };

  if (removed) {
    return (
      <li className={styles.line} data-status="removed-pending">
        <p className={styles.undo} role="status">
          Removed {name}.{' '}
          <button
            ref={undoRef}
            type="button"
            className={buttons.secondary}
            aria-label={`Undo removing ${name}`}
            onClick={() => {
              removal.cancel();
              setRemoved(false);
            }}
          >
            Undo
          </button>
        </p>
      </li>
    );
  }

  const shown = quantityOf(quantity) ?? saved.current;
  const trade = line.current?.trade;
  const invalid = feedback.kind === 'invalid' || (feedback.kind === 'failed' && quantityOf(quantity) === null);

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
        {status.kind === 'changed' && (
          <p className={styles.flag}>Changed in the catalogue since you added it: now {lineName(status.current)}.</p>
        )}
        {trade && <LinePrice trade={trade} quantity={shown} />}
      </div>
      <div className={styles.quantityForm}>
        <label htmlFor={`${id}-quantity`}>
          Quantity<span className="visually-hidden">{` of ${name}`}</span>
        </label>
        <QuantityInput
          ref={inputRef}
          id={`${id}-quantity`}
          className={styles.quantity}
          value={quantity}
          invalid={invalid}
          describedBy={feedback.kind === 'invalid' || feedback.kind === 'failed' ? `${id}-feedback` : undefined}
          onChange={(event) => type(event.target.value)}
          onBlur={() => void save.flush()}
        />
        <button
          type="button"
          className={buttons.danger}
          onClick={() => {
            setRemoved(true);
            removal.schedule();
          }}
          aria-label={`Remove ${name}`}
        >
          Remove
        </button>
        <p id={`${id}-feedback`} className={styles.feedback} data-kind={feedback.kind} role="status">
          {feedback.kind === 'saving' && 'Saving…'}
          {feedback.kind === 'saved' && 'Saved'}
          {feedback.kind === 'invalid' && feedback.message}
          {feedback.kind === 'failed' && (
            <>
              {feedback.message}
              {feedback.retry && (
                <>
                  {' '}
                  <button type="button" className={styles.retry} onClick={retry}>
                    Retry
                  </button>
                </>
              )}
            </>
          )}
        </p>
      </div>
    </li>
  );
}
