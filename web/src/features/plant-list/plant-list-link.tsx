import { HeaderPill } from '../../components/header-pill.tsx';
import { usePlantList } from './use-plant-list.ts';
import styles from './plant-list-link.module.css';

/** The plant list's path (shared/app-routes.ts PLANT_LIST_PATH, here as a link target). */
export const PLANT_LIST_HREF = '/plant-list';

/**
 * The header's "Plant list" link with the number of lines. On cached pages the count appears
 * once the session is known (they are rendered for no one), in a badge that takes no room until
 * then; /plant-list is rendered with the visitor's list, so it has the count from the start. The link's
 * name then carries it as one string, so a screen reader hears "Plant list, 3 lines". Mounted on
 * every public page, it also triggers the guest list's merge on sign-in (use-plant-list.ts).
 */
export function PlantListLink() {
  const { data, ready } = usePlantList();
  const count = ready && data ? data.count : null;
  return (
    <HeaderPill
      to={PLANT_LIST_HREF}
      text="Plant list"
      label={count === null ? undefined : `Plant list, ${count} ${count === 1 ? 'line' : 'lines'}`}
      icon={
        <>
          <path
            d="M9 4h6M8 4H6a1 1 0 0 0-1 1v15a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5a1 1 0 0 0-1-1h-2"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
          <path d="M9 10h6M9 14h6M9 18h3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </>
      }
    >
      {count !== null && (
        <span className={styles.count} aria-hidden="true">
          {count}
        </span>
      )}
    </HeaderPill>
  );
}
