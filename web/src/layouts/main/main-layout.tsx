import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CatalogueLineActionContext } from '../../components/catalogue-line-action.ts';
import { Loading } from '../../components/loading.tsx';
import { ReplayTypingBeforeHydration } from '../../lib/typed-before-start.ts';
import { addToList } from '../../features/plant-list/add-to-list.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import styles from './main-layout.module.css';

/** The id of the main landmark: the skip link's target and where focus lands after navigation. */
export const MAIN_ID = 'main';

/**
 * The public layout: skip link, header with menu, the page, footer. The page is keyed on the
 * path so every route change builds it afresh (spec: the page is re-created when the path
 * changes), while query-string changes (catalogue filters) keep it.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  // The catalogue's lines get the plant list's "Add to list" (features do not import each other).
  return (
    <CatalogueLineActionContext.Provider value={addToList}>
      <div className={styles.shell}>
        <a
          className={styles.skip}
          href={`#${MAIN_ID}`}
          onClick={(event) => {
            // Focus without adding #main to the URL (the router would treat it as a navigation).
            event.preventDefault();
            const main = document.getElementById(MAIN_ID);
            main?.focus();
            main?.scrollIntoView();
          }}
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
          <Suspense fallback={<Loading label="Loading page…" fullPage />}>
            <Outlet key={pathname} />
            <ReplayTypingBeforeHydration />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
    </CatalogueLineActionContext.Provider>
  );
}
