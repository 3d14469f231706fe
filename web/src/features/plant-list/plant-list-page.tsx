import { useCallback, useMemo, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser } from '../../lib/session/session.ts';
import { sessionApi } from '../../lib/session/session-api.ts';
import buttons from '../../components/button.module.css';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { Notice } from '../../components/notice.tsx';
import type { PageHandle } from '../../lib/page-handle.ts';
import { plantListApi, useClearPlantListMutation, useGetCurrentLinesQuery } from './api.ts';
import { lineStatus } from './line-status.ts';
import { EstimatedTotal } from './estimate.tsx';
import { createPendingSaves, PendingSavesContext } from './pending-saves.ts';
import { PlantListLine } from './plant-list-line.tsx';
import type { PlantListLine as Line } from './types.ts';
import { usePlantList } from './use-plant-list.ts';
import { PlantListStates } from './plant-list-states.tsx';
import { NoScriptPlantList } from './no-script-list.tsx';
import { ListSwitcher } from './list-switcher.tsx';
import { listsApi } from './lists-api.ts';
import page from './page.module.css';
import styles from './plant-list-page.module.css';

const QUOTE_HREF = '/plant-list/quote';
const SCHEDULE_HREF = '/plant-list/schedule';

/** A guest's lines grouped by genus, for the catalogue check (one request per genus). */
function byGenus(lines: Line[]): { genus: string; ids: number[] }[] {
  const groups = new Map<string, number[]>();
  for (const line of lines) {
    if (line.catalogue_item_id !== null)
      groups.set(line.snapshot.genus, [...(groups.get(line.snapshot.genus) ?? []), line.catalogue_item_id]);
  }
  return [...groups].map(([genus, ids]) => ({ genus, ids }));
}

/**
 * The plant list (/plant-list). Its content is this browser's (a guest's stored list) or the
 * signed-in buyer's. The server renders the page for each visitor (never cached) with their list —
 * the account's, or the lines a guest's browser mirrored into a cookie — and hands it over, so the
 * browser's first render is the server's page: no spinner, no second read, nothing moves (see
 * `handle`). A browser without JavaScript is shown the buyer's list to read in a <noscript>
 * (no-script-list.tsx), which the app never shows nor compares; the app's list, which needs
 * JavaScript to change, is hidden from it. Quantities save as they are typed and lines can be removed (with Undo) beside the
 * line itself, or all cleared; a line whose catalogue row was removed or changed says so (the
 * server tells for a signed-in buyer; for a guest the page reads the lines' genera from the
 * catalogue). A trade buyer sees each line's price and the estimated total of the quantities on
 * screen. "Request a quote" first saves whatever is still being typed, so the quote carries it.
 */
export function PlantListPage() {
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const { data, ready, isError } = usePlantList();
  const [clear, clearing] = useClearPlantListMutation();
  const [message, setMessage] = useState('');
  const [leaveError, setLeaveError] = useState('');
  const [typed, setTyped] = useState<Record<number, number>>({});
  const [pending] = useState(createPendingSaves);
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const lines = useMemo(() => data?.lines ?? [], [data]);
  const groups = useMemo(() => byGenus(lines), [lines]);
  const { data: checked } = useGetCurrentLinesQuery(groups, { skip: signedIn || !ready || groups.length === 0 });
  const onQuantity = useCallback((id: number, quantity: number) => setTyped((now) => ({ ...now, [id]: quantity })), []);
  const trade = lines.some((line) => line.current?.trade);

  const requestQuote = async (event: MouseEvent) => {
    event.preventDefault();
    setLeaveError('');
    if (await pending.flushAll()) {
      navigate(QUOTE_HREF);
      return;
    }
    setLeaveError('A quantity is not saved yet: correct or retry the line marked, then request the quote.');
    listRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-kind="failed"] button')?.focus();
  };

  const clearAll = async () => {
    await pending.flushAll();
    const result = await clear();
    setMessage('error' in result ? 'The list could not be cleared; please try again.' : 'Your plant list is now empty.');
    headingRef.current?.focus();
  };

  return (
    <PendingSavesContext.Provider value={pending}>
      <div className={`container ${page.page}`}>
        <h1 ref={headingRef} tabIndex={-1} className={page.title}>
          Plant list
        </h1>
        <Notice tone="success">{message}</Notice>
        <noscript>
          <NoScriptPlantList />
        </noscript>
        {signedIn && ready && (
          <div className={page.scripted}>
            <ListSwitcher />
          </div>
        )}
        <p className={styles.schedule}>
          Have a planting schedule? <Link to={SCHEDULE_HREF}>Upload a planting schedule</Link> and we match it to the catalogue.
        </p>
        {/* The app's list: changing it needs JavaScript, so a browser without it has the <noscript> view above instead. */}
        <div className={page.scripted}>
          <PlantListStates ready={ready} data={data} isError={isError}>
            {(list) => (
              <>
                <p className={page.lead}>
                  {list.count} {list.count === 1 ? 'line' : 'lines'}.{' '}
                  {signedIn
                    ? 'Your list is kept with your account.'
                    : 'Your list is kept in this browser; log in to keep it with your account.'}{' '}
                  Quantities are saved as you type.
                </p>
                <ul ref={listRef} className={styles.lines} aria-label="Lines on your plant list">
                  {lines.map((line) => (
                    <PlantListLine
                      key={line.id}
                      line={line}
                      status={lineStatus(line, signedIn ? undefined : (checked ?? {}))}
                      serverList={signedIn}
                      onQuantity={onQuantity}
                    />
                  ))}
                </ul>
                {trade && (
                  <EstimatedTotal
                    className={styles.total}
                    lines={lines.map((line) => ({ trade: line.current?.trade, quantity: typed[line.id] ?? line.quantity }))}
                  />
                )}
                <div className={styles.actions}>
                  <a className={buttons.primary} href={QUOTE_HREF} onClick={(event) => void requestQuote(event)}>
                    Request a quote
                  </a>
                  <Link to="/catalogue">Add more from the catalogue</Link>
                  <ConfirmButton
                    question="Clear your plant list?"
                    detail={`All ${list.count} ${list.count === 1 ? 'line' : 'lines'} will be removed.`}
                    confirmLabel="Clear list"
                    disabled={clearing.isLoading}
                    onConfirm={() => void clearAll()}
                  >
                    Clear list
                  </ConfirmButton>
                </div>
                <p className={styles.leaveError} role="alert">
                  {leaveError}
                </p>
              </>
            )}
          </PlantListStates>
        </div>
      </div>
    </PendingSavesContext.Provider>
  );
}

/**
 * Rendered for the visitor who asks (src/ssr/paths.ts), with what the page shows at once, so the
 * browser's first render is the server's (no spinner, nothing read again, nothing moves): who they
 * are (the header offers a signed-in buyer their account, with or without JavaScript); the
 * account's list (401 for a guest: the no-JavaScript view then says what a list needs); a
 * signed-in buyer's lists for the switcher; a guest's lines as the browser mirrored them
 * (shared/guest-plant-list.ts) and how the catalogue has them now.
 */
export const handle: PageHandle = {
  prefetch: (_page, dispatch) => [
    dispatch(plantListApi.endpoints.getPlantList.initiate(true)),
    dispatch(sessionApi.endpoints.getCurrentUser.initiate()).then(async ({ data: user }) => {
      if (user) return dispatch(listsApi.endpoints.getPlantLists.initiate());
      const { data: guest } = await dispatch(plantListApi.endpoints.getPlantList.initiate(false));
      const groups = byGenus(guest?.lines ?? []);
      return groups.length > 0 ? dispatch(plantListApi.endpoints.getCurrentLines.initiate(groups)) : undefined;
    }),
  ],
  meta: () => ({
    title: 'Plant list',
    description: 'Your list of plants and quantities for a trade quotation from Hothfield Nurseries.',
  }),
};
