import { useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import buttons from '../../components/button.module.css';
import { InputField } from '../../components/form-field.tsx';
import { Notice } from '../../components/notice.tsx';
import { useAppDispatch, useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser } from '../../lib/session/session.ts';
import type { ScheduleResult } from '../../../../shared/api/schedules.ts';
import { plantListApi } from './api.ts';
import { fieldMessage, useCreateListMutation } from './lists-api.ts';
import { PLANT_LIST_HREF } from './plant-list-link.tsx';
import { ScheduleLine } from './schedule-line.tsx';
import { chosenLines, initialChoices, listNameOf, problemsOf, type Choices, type LineChoice } from './schedule-review-state.ts';
import { addToGuestList } from './schedule-to-guest-list.ts';
import { MAX_LINES } from './types.ts';
import styles from './schedule-page.module.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The one review screen of a matched schedule: summary counts, every line with its choices, and
 * "Create plant list". A signed-in buyer's lines become a new named list (the schedule's name,
 * editable) shown at /plant-list; a guest's are added to the list in this browser. A line still
 * needing a choice or a quantity is marked and focused instead.
 */
export function ScheduleReview({ schedule }: { schedule: ScheduleResult }) {
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [choices, setChoices] = useState<Choices>(() => initialChoices(schedule.lines));
  const [name, setName] = useState(() => listNameOf(schedule.name));
  const [nameError, setNameError] = useState('');
  const [failure, setFailure] = useState('');
  const [checked, setChecked] = useState(false);
  const [create, creating] = useCreateListMutation();
  const listRef = useRef<HTMLOListElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const problems = useMemo(() => problemsOf(choices), [choices]);
  const chosen = useMemo(() => chosenLines(schedule.lines, choices), [schedule.lines, choices]);
  const included = Object.values(choices).filter((choice) => choice.included).length;
  const { counts } = schedule;

  const setChoice = (row: number, next: LineChoice) => setChoices((now) => ({ ...now, [row]: next }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    if (Object.keys(problems).length) {
      // The marks rendered first, so the first line that needs something can take the focus.
      flushSync(() => {
        setChecked(true);
        setFailure(`${plural(Object.keys(problems).length, 'line needs', 'lines need')} a choice or a quantity, or to be left out.`);
      });
      listRef.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, input[aria-invalid="true"]')?.focus();
      return;
    }
    if (!chosen.length) {
      setFailure('No line is on the list: put at least one line on it.');
      return;
    }
    if (chosen.length > MAX_LINES) {
      setFailure(`A plant list holds at most ${MAX_LINES} lines and ${chosen.length} are chosen: leave some out, or make two lists.`);
      return;
    }
    if (!signedIn) {
      const error = addToGuestList(chosen);
      if (error) {
        setFailure(error);
        return;
      }
      // The lines were written to this browser's storage, past the cache: the header's count and
      // the list page (a cached read) must read them again, or the list shows as it was.
      dispatch(plantListApi.util.invalidateTags(['PlantList']));
      navigate(PLANT_LIST_HREF);
      return;
    }
    const result = await create({ name, lines: chosen.map(({ line, quantity }) => ({ catalogue_item_id: line.id, quantity })) });
    if ('error' in result) {
      const message = fieldMessage(result.error, 'name', '');
      if (message) {
        setNameError(message);
        formRef.current?.querySelector<HTMLInputElement>('input[name="list-name"]')?.focus();
      } else setFailure(fieldMessage(result.error, 'lines', 'The list could not be created; please try again.'));
      return;
    }
    navigate(PLANT_LIST_HREF);
  };

  return (
    <form ref={formRef} className={styles.review} onSubmit={(event) => void submit(event)} noValidate>
      <h2 className={styles.subtitle}>Check the lines of “{schedule.name}”</h2>
      <p className={styles.summary} aria-label="Summary">
        {plural(schedule.line_count, 'line', 'lines')} read: {counts.matched} matched, {counts.ambiguous} to choose, {counts.substitutable}{' '}
        {counts.substitutable === 1 ? 'substitute' : 'substitutes'} offered, {counts.not_stocked} not stocked.{' '}
        <strong>{plural(included, 'line', 'lines')} will go on the list.</strong>
      </p>
      <ol ref={listRef} className={styles.lines} aria-label="Schedule lines">
        {schedule.lines.map((line) => (
          <ScheduleLine
            key={line.row}
            line={line}
            choice={choices[line.row]!}
            problem={checked ? problems[line.row] : undefined}
            onChange={(next) => setChoice(line.row, next)}
          />
        ))}
      </ol>
      <div className={styles.finish}>
        {signedIn ? (
          <InputField
            label="Name of the new plant list"
            name="list-name"
            value={name}
            maxLength={100}
            required
            error={nameError || undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameError('');
            }}
          />
        ) : (
          <p className={styles.lead}>The lines are added to the plant list kept in this browser.</p>
        )}
        <Notice tone="error">{failure}</Notice>
        <button type="submit" className={buttons.primary} disabled={creating.isLoading}>
          Create plant list
        </button>
      </div>
    </form>
  );
}
