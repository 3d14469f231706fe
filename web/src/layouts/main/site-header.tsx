import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, MouseEvent as ReactMouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { telHref, useGetSiteQuery } from '../../lib/api/site-api.ts';
import { cx } from '../../components/cx.ts';
import { PlantListLink } from '../../features/plant-list/plant-list-link.tsx';
import { AccountLink } from './account-link.tsx';
import { Logo } from './logo.tsx';
import { mainNav } from './nav-items.ts';
import styles from './site-header.module.css';

/** The menu's id: the no-JavaScript toggle's link target (`#main-menu`, shown by CSS `:target`). */
const MENU_ID = 'main-menu';

/**
 * The site header: logo, telephone and the main menu. Below 900px the telephone becomes a
 * tap-to-call icon and the menu folds behind a toggle that also carries the number. The toggle is
 * a link to `#main-menu`, so without JavaScript (or before hydration) the menu still opens (CSS
 * `:target`); once hydrated the same element acts as a button (the role and state arrive after
 * hydration, so the server's markup and the first client render agree and nothing moves). The
 * menu closes on Escape (focus back to the toggle), on a click outside, and on any navigation.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { data: site } = useGetSiteQuery();
  // The menu is open only on the page where it was opened, so any navigation closes it
  // without an effect that would echo every route change.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  // False on the server and in the first client render; true once the toggle is scripted.
  const [enhanced, setEnhanced] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    setEnhanced(true);
    // Opened through the link before the script ran: keep it open, now under script control.
    if (window.location.hash === `#${MENU_ID}`) setOpenOn(window.location.pathname);
  }, []);

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

  const toggle = (event: ReactMouseEvent | ReactKeyboardEvent) => {
    event.preventDefault();
    setOpenOn(open ? null : pathname);
  };

  const telephone = site?.telephone;

  return (
    <header className={styles.header} ref={headerRef}>
      <div className={cx('container', styles.bar)}>
        <Logo />
        <div className={styles.end}>
          {telephone && (
            <p className={styles.contact}>
              <span>Trade enquiries</span>
              <a className={styles.phone} href={telHref(telephone)}>
                {telephone}
              </a>
            </p>
          )}
          {telephone && (
            <a className={styles.call} href={telHref(telephone)} aria-label={`Call ${telephone}`}>
              <PhoneIcon />
            </a>
          )}
          <PlantListLink />
          <AccountLink />
          <a
            ref={toggleRef}
            href={`#${MENU_ID}`}
            className={styles.toggle}
            role={enhanced ? 'button' : undefined}
            aria-expanded={enhanced ? open : undefined}
            aria-controls={enhanced ? MENU_ID : undefined}
            onClick={toggle}
            // A link answers Enter by itself; a button also answers Space.
            onKeyDown={(event) => {
              if (event.key === ' ') toggle(event);
            }}
          >
            <BurgerIcon open={open} />
            <span className={styles.toggleText}>Menu</span>
          </a>
        </div>
      </div>
      <nav id={MENU_ID} className={styles.nav} aria-label="Main" data-open={open} data-enhanced={enhanced}>
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
        {telephone && (
          <p className={cx('container', styles.menuPhone)}>
            Trade enquiries{' '}
            <a className={styles.menuPhoneLink} href={telHref(telephone)}>
              {telephone}
            </a>
          </p>
        )}
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

function PhoneIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
        fill="currentColor"
      />
    </svg>
  );
}
