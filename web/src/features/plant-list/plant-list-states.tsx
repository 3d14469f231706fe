import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import type { PlantList } from './types.ts';
import styles from './page.module.css';

/** Props of {@link PlantListStates}: what usePlantList answered, and what to show of a list with lines. */
export interface PlantListStatesProps {
  ready: boolean;
  data: PlantList | undefined;
  isError: boolean;
  /** Ends the empty list's sentence ("…add them with a quantity, then request a quote."). */
  emptyNext?: string;
  children: (list: PlantList) => ReactNode;
}

/**
 * The plant list's pages before their content: a spinner until the list is read (after
 * hydration and the session), an error if it could not be, and a way to the catalogue when it is
 * empty; otherwise the page's own content for the list.
 */
export function PlantListStates({ ready, data, isError, emptyNext = '', children }: PlantListStatesProps) {
  if (!ready || (!data && !isError)) {
    return (
      // Waits for the app: a browser without JavaScript is shown the server's own view instead.
      <div className={styles.scripted}>
        <Loading label="Loading your plant list…" />
      </div>
    );
  }
  if (isError || !data) return <Notice tone="error">Your plant list could not be loaded; please reload the page.</Notice>;
  if (data.lines.length === 0) {
    return (
      <p className={styles.lead}>
        Your plant list is empty. Find plants in <Link to="/catalogue">the catalogue</Link> and add them with a quantity{emptyNext}.
      </p>
    );
  }
  return children(data);
}
