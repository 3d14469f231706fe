import { Suspense, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks.ts';
import { pathOf } from '../../components/route-guards.tsx';
import type { AuthLocationState } from '../../components/route-guards.tsx';
import { selectCurrentUser } from '../../lib/session/session.ts';
import { cx } from '../../components/cx.ts';
import { Loading } from '../../components/loading.tsx';
import { adminNav } from './nav-items.ts';
import styles from './admin-shell.module.css';

/** Same id as the public layout's main landmark: the app's route effects focus it after navigation. */
const MAIN_ID = 'main';
const MENU_ID = 'admin-menu';

/**
 * The admin area's layout: a top bar, the side menu (folded behind a button on phones) and the
 * admin page. routes.tsx puts the whole branch behind RequireRole(['admin']); the check here is
 * only a safety net should the layout ever be mounted outside that guard.
 */
export function AdminShell() {
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  if (user?.role !== 'admin') {
    const state: AuthLocationState = { from: pathOf(location), denied: Boolean(user) };
    return <Navigate to="/login" replace state={state} />;
  }
  return <AdminFrame name={`${user.firstname} ${user.lastname}`} />;
}

function AdminFrame({ name }: { name: string }) {
  const { pathname } = useLocation();
  // Open only on the page where it was opened, so any navigation folds the phone menu again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <div className={styles.shell}>
      <a
        className={styles.skip}
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        Skip to content
      </a>
      <header className={styles.bar}>
        <Link to="/admin" className={styles.brand}>
          Hothfield Nurseries <span className={styles.brandSub}>Admin</span>
        </Link>
        <p className={styles.who}>
          <span className="visually-hidden">Signed in as </span>
          {name}
        </p>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path
              d={open ? 'M5 5l10 10M15 5L5 15' : 'M3 5h14M3 10h14M3 15h14'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          Admin menu
        </button>
      </header>
      <div className={styles.body}>
        <nav id={MENU_ID} className={styles.nav} aria-label="Admin" data-open={open}>
          <ul className={styles.list}>
            {adminNav.map((item) => (
              <li key={item.label}>
                {item.to ? (
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) => cx(styles.link, isActive && !item.external && styles.active, item.external && styles.out)}
                  >
                    {item.label}
                  </NavLink>
                ) : (
                  <span className={cx(styles.link, styles.disabled)} aria-disabled="true">
                    {item.label} <span className={styles.soon}>coming soon</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
          <Suspense fallback={<Loading label="Loading page…" fullPage />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
