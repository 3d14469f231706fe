import { useState, type FormEvent } from 'react';
import buttons from '../../../components/button.module.css';
import { Notice } from '../../../components/notice.tsx';
import type { QuoteStatus } from '../../../../../shared/api/quotes.ts';
import { useSetQuoteStatusMutation } from './quotes-api.ts';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, isQuoteStatus } from './quote-status.tsx';
import styles from './inbox.module.css';

/** The status select of one quote request, saved with PATCH; says whether it was saved. */
export function QuoteStatusForm({ id, status }: { id: number; status: QuoteStatus }) {
  const [chosen, setChosen] = useState<QuoteStatus>(status);
  const [saved, setSaved] = useState('');
  const [problem, setProblem] = useState('');
  const [save, { isLoading: saving }] = useSetQuoteStatusMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    setProblem('');
    try {
      const request = await save({ id, status: chosen }).unwrap();
      setSaved(`Saved: the request is now ${QUOTE_STATUS_LABELS[request.status].toLowerCase()}.`);
    } catch (error) {
      console.error('Quote status update failed', error);
      setProblem('The status could not be saved. Please try again.');
    }
  };

  return (
    <>
      <Notice tone="success">{saved}</Notice>
      <Notice tone="error">{problem}</Notice>
      <form className={styles.statusForm} onSubmit={submit}>
        <label>
          Status
          <select
            value={chosen}
            onChange={(event) => {
              if (isQuoteStatus(event.target.value)) setChosen(event.target.value);
            }}
          >
            {QUOTE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {QUOTE_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttons.primary} disabled={saving || chosen === status}>
          Save Status
        </button>
      </form>
    </>
  );
}
