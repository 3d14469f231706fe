import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { telHref, useGetSiteQuery } from '../../app/site-api.ts';
import { cx } from '../../components/cx.ts';
import { AccountLink } from './account-link.tsx';
import { Logo } from './logo.tsx';
import { mainNav } from './nav-items.ts';
import styles from './site-header.module.css';

const MENU_ID = 'main-menu';

/**
 * The site header: logo, telephone (wide screens) and the main menu. Below 900px the menu folds
 * behind a button; it closes on Escape (focus back to the button), on a click outside, and on
 * any navigation.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { data: site } = useGetSiteQuery();
  // The menu is open only on the page where it was opened, so any navigation closes it
  // without an effect that would echo every route change.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <header className={styles.header} ref={headerRef}>
      <div className={cx('container', styles.bar)}>
        <Logo />
        <div className={styles.end}>
          {site?.telephone && (
            <p className={styles.contact}>
              <span>Trade enquiries</span>
              <a className={styles.phone} href={telHref(site.telephone)}>
                {site.telephone}
              </a>
            </p>
          )}
          <AccountLink />
          <button
            ref={toggleRef}
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={MENU_ID}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <BurgerIcon open={open} />
            Menu
          </button>
        </div>
      </div>
      <nav id={MENU_ID} className={styles.nav} aria-label="Main" data-open={open}>
        <ul className={cx('container', styles.list)}>
          {mainNav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                className={styles.link}
                // A click on the current page's own link navigates nowhere; close anyway.
                onClick={() => setOpenOn(null)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function BurgerIcon({ open }: { open: boolean }) {
  return (
    <svg className={styles.burger} width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M5 5l12 12M17 5L5 17" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      ) : (
        <path d="M3 6h16M3 11h16M3 16h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      )}
    </svg>
  );
}
