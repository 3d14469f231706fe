import { useId } from 'react';
import type { ScheduleLine as Line, ScheduleLineStatus } from '../../../../shared/api/schedules.ts';
import { lineName } from './add-to-list.tsx';
import { QuantityInput } from './quantity-input.tsx';
import type { LineChoice, LineProblem } from './schedule-review-state.ts';
import styles from './schedule-line.module.css';

/** Each status in words: the badge is text, never colour alone. */
const STATUS_LABELS: Record<ScheduleLineStatus, string> = {
  matched: 'Matched',
  ambiguous: 'Choose a line',
  substitutable: 'Substitute offered',
  not_stocked: 'Not stocked',
};

const percent = (confidence: number) => `${Math.round(confidence * 100)}% match`;

/** Props of {@link ScheduleLine}. */
export interface ScheduleLineProps {
  line: Line;
  choice: LineChoice;
  /** Shown once the buyer tried to create the list. */
  problem: LineProblem | undefined;
  onChange: (next: LineChoice) => void;
}

/**
 * One schedule line on the review screen: what the buyer wrote, how it matched (a substitute says
 * what differs), the catalogue line chosen — a radio group of the candidates where there is a
 * choice to make — the quantity, and whether it goes on the list. On a phone the parts stack.
 */
export function ScheduleLine({ line, choice, problem, onChange }: ScheduleLineProps) {
  const id = useId();
  const choiceError = problem?.choice ? `${id}-choice-error` : undefined;
  const quantityError = problem?.quantity ? `${id}-quantity-error` : undefined;
  // A matched line names its line; every other status with candidates lets the buyer pick.
  const pickable = line.status !== 'matched' && line.candidates.length > 0;
  const label = line.parsed.name || line.text;

  return (
    <li className={styles.line} data-status={line.status} data-included={choice.included}>
      <div className={styles.original}>
        <p className={styles.row}>Row {line.row}</p>
        <p className={styles.text}>{line.text}</p>
        <p className={styles.status}>
          <span className={styles.badge} data-status={line.status}>
            {STATUS_LABELS[line.status]}
          </span>
          {line.substitution && <span className={styles.substitution}> {line.substitution}</span>}
          {!choice.included && <span className={styles.leftOut}> · Left out</span>}
        </p>
      </div>

      <div className={styles.choice}>
        {pickable ? (
          <fieldset
            className={styles.candidates}
            aria-describedby={choiceError}
            aria-invalid={problem?.choice ? true : undefined}
            disabled={!choice.included}
          >
            <legend className={styles.legend}>
              {line.status === 'ambiguous' ? `Which line for “${label}”?` : `Catalogue line for “${label}”`}
            </legend>
            {line.candidates.map((candidate) => (
              <label key={candidate.line.id} className={styles.candidate}>
                <input
                  type="radio"
                  name={`${id}-candidate`}
                  value={candidate.line.id}
                  checked={choice.catalogueId === candidate.line.id}
                  onChange={() => onChange({ ...choice, catalogueId: candidate.line.id })}
                />
                <span>
                  {lineName(candidate.line)} <span className={styles.code}>({candidate.line.code})</span>{' '}
                  <span className={styles.confidence}>{percent(candidate.confidence)}</span>
                </span>
              </label>
            ))}
            {problem?.choice && (
              <p id={choiceError} className={styles.error}>
                {problem.choice}
              </p>
            )}
          </fieldset>
        ) : line.match ? (
          <p className={styles.chosen}>
            {lineName(line.match.line)} <span className={styles.code}>({line.match.line.code})</span>
          </p>
        ) : (
          <p className={styles.chosen}>Not in our catalogue.</p>
        )}
      </div>

      <div className={styles.controls}>
        <div className={styles.quantity}>
          <label htmlFor={`${id}-quantity`}>Quantity of “{label}”</label>
          <QuantityInput
            id={`${id}-quantity`}
            value={choice.quantity}
            invalid={Boolean(problem?.quantity)}
            describedBy={quantityError}
            disabled={!choice.included}
            onChange={(event) => onChange({ ...choice, quantity: event.target.value })}
          />
          {problem?.quantity && (
            <p id={quantityError} className={styles.error}>
              {problem.quantity}
            </p>
          )}
        </div>
        <label className={styles.include}>
          <input
            type="checkbox"
            checked={choice.included}
            disabled={!pickable && !line.match}
            onChange={(event) => onChange({ ...choice, included: event.target.checked })}
          />
          Put on the list
        </label>
      </div>
    </li>
  );
}
