import { useContext, useState } from 'react';
import type { FormEvent } from 'react';
import buttons from '../../components/button.module.css';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { InputField } from '../../components/form-field.tsx';
import { Notice } from '../../components/notice.tsx';
import {
  fieldMessage,
  useChooseListMutation,
  useCreateListMutation,
  useDeleteListMutation,
  useGetPlantListsQuery,
  useRenameListMutation,
} from './lists-api.ts';
import { PendingSavesContext } from './pending-saves.ts';
import styles from './list-switcher.module.css';

type Editing = { kind: 'new' } | { kind: 'rename'; id: number } | null;

const lineCount = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;

/**
 * A signed-in buyer's lists on the plant list page: which one is shown (switch with the select and
 * "Show"), and New list · Rename · Delete list (asked first). The page below always shows the
 * default list, so switching makes the chosen list the default (and the catalogue's "add" goes
 * there too). With one list only "New list" shows: the page stays as it was. Whatever is still
 * being typed on the page is saved before the list changes.
 */
export function ListSwitcher() {
  const { data } = useGetPlantListsQuery();
  const [choose, choosing] = useChooseListMutation();
  const [create, creating] = useCreateListMutation();
  const [rename, renaming] = useRenameListMutation();
  const [remove, removing] = useDeleteListMutation();
  const pending = useContext(PendingSavesContext);
  const [picked, setPicked] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');

  if (!data) return null;
  const { lists, default_id: shownId } = data;
  const shown = lists.find((list) => list.id === shownId);
  const several = lists.length > 1;
  const busy = choosing.isLoading || creating.isLoading || renaming.isLoading || removing.isLoading;

  const settle = () => pending?.flushAll() ?? Promise.resolve(true);
  const report = (ok: boolean, success: string) => {
    setFailure(ok ? '' : 'That did not work; please try again.');
    setMessage(ok ? success : '');
  };

  const show = async (event: FormEvent) => {
    event.preventDefault();
    const target = lists.find((list) => list.id === (picked ?? shownId));
    if (!target || target.id === shownId) return;
    await settle();
    const result = await choose(target.id);
    report(!('error' in result), `Showing “${target.name}”.`);
    setPicked(null);
  };

  const startEditing = (next: Editing) => {
    setEditing(next);
    setName(next?.kind === 'rename' ? (shown?.name ?? '') : '');
    setNameError('');
  };

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    await settle();
    const result = editing.kind === 'new' ? await create({ name }) : await rename({ id: editing.id, name });
    if ('error' in result) {
      setNameError(fieldMessage(result.error, 'name', 'The list could not be saved; please try again.'));
      return;
    }
    setEditing(null);
    report(
      true,
      editing.kind === 'new' ? `“${result.data.name}” created: it is empty and shown below.` : `Renamed to “${result.data.name}”.`,
    );
  };

  const deleteShown = async () => {
    if (!shown) return;
    await settle();
    const result = await remove(shown.id);
    report(!('error' in result), `“${shown.name}” deleted.`);
  };

  return (
    <section className={styles.switcher} aria-label="Your plant lists">
      {several && (
        <form className={styles.choose} onSubmit={(event) => void show(event)}>
          <label htmlFor="plant-list-choice" className={styles.label}>
            Showing list
          </label>
          <select
            id="plant-list-choice"
            value={picked ?? shownId ?? ''}
            onChange={(event) => setPicked(Number(event.target.value))}
            disabled={busy}
          >
            {lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name} ({lineCount(list.line_count)})
              </option>
            ))}
          </select>
          <button type="submit" className={buttons.secondary} disabled={busy || (picked ?? shownId) === shownId}>
            Show
          </button>
        </form>
      )}
      <div className={styles.actions}>
        <button type="button" className={buttons.secondary} onClick={() => startEditing({ kind: 'new' })} disabled={busy}>
          New list
        </button>
        {several && shown && (
          <>
            <button
              type="button"
              className={buttons.secondary}
              onClick={() => startEditing({ kind: 'rename', id: shown.id })}
              disabled={busy}
            >
              Rename
            </button>
            <ConfirmButton
              question={`Delete the list “${shown.name}”?`}
              detail={`${shown.line_count ? `Its ${lineCount(shown.line_count)} will be removed. ` : ''}Your other lists stay as they are.`}
              confirmLabel="Delete list"
              disabled={busy}
              onConfirm={() => void deleteShown()}
            >
              Delete list
            </ConfirmButton>
          </>
        )}
      </div>
      {editing && (
        <form className={styles.name} onSubmit={(event) => void saveName(event)} noValidate>
          <InputField
            label={editing.kind === 'new' ? 'Name of the new list' : `New name for “${shown?.name ?? ''}”`}
            hint={editing.kind === 'new' ? 'For example the project or the site.' : undefined}
            value={name}
            maxLength={100}
            required
            autoFocus
            error={nameError || undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameError('');
            }}
          />
          <div className={styles.actions}>
            <button type="submit" className={buttons.primary} disabled={busy}>
              {editing.kind === 'new' ? 'Create list' : 'Save name'}
            </button>
            <button type="button" className={buttons.secondary} onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <Notice tone="success">{message}</Notice>
      <Notice tone="error">{failure}</Notice>
    </section>
  );
}
