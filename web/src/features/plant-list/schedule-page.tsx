import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import buttons from '../../components/button.module.css';
import { InputField } from '../../components/form-field.tsx';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { fieldMessage } from './lists-api.ts';
import { PLANT_LIST_HREF } from './plant-list-link.tsx';
import { useGetScheduleQuery, useUploadScheduleMutation } from './schedule-api.ts';
import { ScheduleReview } from './schedule-review.tsx';
import page from './page.module.css';
import styles from './schedule-page.module.css';

/** How often a schedule being matched by the worker is asked about. */
const POLL_MS = 1000;
const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** The first message of a refused upload: the file's or the text's field, else the body's message. */
function uploadMessage(error: unknown): string {
  const general = (error as { data?: { message?: string } } | undefined)?.data?.message;
  return fieldMessage(error, 'file', fieldMessage(error, 'text', general ?? 'The schedule could not be sent; please try again.'));
}

/**
 * Upload a planting schedule (/plant-list/schedule), for guests and signed-in buyers: a file
 * (XLSX or CSV, chosen or dropped) or text pasted from a spreadsheet or a PDF. A large schedule is
 * matched by the worker: the page shows progress and asks again until it is done. Then the one
 * review screen (schedule-review.tsx). The schedule's id stays in the address, so a reload comes
 * back to the same review.
 */
export function SchedulePage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [upload, uploading] = useUploadScheduleMutation();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const [matching, setMatching] = useState(true);
  const { data: schedule, isError } = useGetScheduleQuery(id ?? '', {
    skip: !id,
    // Asked again only while the worker is matching it.
    pollingInterval: matching ? POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });
  const stillMatching = !schedule || schedule.status === 'matching';
  if (stillMatching !== matching) setMatching(stillMatching);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!file && !text.trim()) {
      setError('Choose a schedule file, or paste the schedule’s lines.');
      fileRef.current?.focus();
      return;
    }
    const result = await upload(file ? { file, name: name.trim() || undefined } : { text, name: name.trim() || undefined });
    if ('error' in result) {
      setError(uploadMessage(result.error));
      return;
    }
    setParams({ id: result.data.id });
  };

  const startAgain = () => {
    setParams({});
    setFile(null);
    setText('');
  };

  return (
    <div className={`container ${page.page}`}>
      <h1 className={page.title}>Upload a planting schedule</h1>
      {!id && (
        <form className={styles.upload} onSubmit={(event) => void send(event)} noValidate>
          <p className={page.lead}>
            Send us your schedule as it is — a spreadsheet (XLSX or CSV) or lines pasted from a spreadsheet or a PDF. We match each line to
            our catalogue; you check the result and keep it as a plant list.
          </p>
          <div
            className={styles.drop}
            data-dragging={dragging || undefined}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              const dropped = event.dataTransfer.files[0];
              if (dropped) setFile(dropped);
            }}
          >
            <label htmlFor="schedule-file" className={styles.dropLabel}>
              Schedule file (XLSX or CSV)
            </label>
            <p className={styles.hint} id="schedule-file-hint">
              Choose a file, or drop it here.
            </p>
            <input
              ref={fileRef}
              id="schedule-file"
              type="file"
              accept={ACCEPT}
              aria-describedby="schedule-file-hint"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            {file && <p className={styles.chosenFile}>Chosen: {file.name}</p>}
          </div>
          <div className={styles.paste}>
            <label htmlFor="schedule-text" className={styles.dropLabel}>
              Or paste the schedule
            </label>
            <textarea
              id="schedule-text"
              rows={8}
              value={text}
              disabled={Boolean(file)}
              placeholder={'Acer campestre 60-90 BR 50\nCarpinus betulus 1L 40/60 200'}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <InputField
            label="Schedule name (optional)"
            hint="For example the project. Without one, the file’s name is used."
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
          <Notice tone="error">{error}</Notice>
          <div className={styles.actions}>
            <button type="submit" className={buttons.primary} disabled={uploading.isLoading}>
              {uploading.isLoading ? 'Sending…' : 'Match schedule'}
            </button>
            <Link to={PLANT_LIST_HREF}>Back to the plant list</Link>
          </div>
        </form>
      )}
      {id && isError && (
        <>
          <Notice tone="error">This schedule could not be found: it may have expired. Please send it again.</Notice>
          <button type="button" className={buttons.secondary} onClick={startAgain}>
            Send a schedule
          </button>
        </>
      )}
      {id && !isError && (!schedule || schedule.status === 'matching') && (
        <div className={styles.progress}>
          <Loading
            showLabel
            label={schedule ? `Matching ${schedule.line_count} lines to the catalogue… this can take a moment.` : 'Loading the schedule…'}
          />
        </div>
      )}
      {schedule?.status === 'failed' && (
        <>
          <Notice tone="error">{schedule.error ?? 'The schedule could not be matched.'}</Notice>
          <button type="button" className={buttons.secondary} onClick={startAgain}>
            Send another schedule
          </button>
        </>
      )}
      {schedule?.status === 'done' && <ScheduleReview key={schedule.id} schedule={schedule} />}
    </div>
  );
}
