import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser } from '../../lib/session/session.ts';
import { useLogout } from '../../lib/session/use-logout.ts';
import { cx } from '../../components/cx.ts';
import styles from './account-layout.module.css';

/** The account area's side menu (spec: Account area); Admin only for the admin role. */
const items = [
  { label: 'Dashboard', to: '/account', end: true },
  { label: 'Update Profile', to: '/account/profile' },
  { label: 'Change Password', to: '/account/password' },
  { label: 'Two Factor Auth', to: '/account/2fa' },
  { label: 'My Quote Requests', to: '/account/quote-requests' },
  { label: 'My Orders', to: '/account/orders' },
  { label: 'Trade Account', to: '/account/trade' },
];

/**
 * The account area: a side menu beside the page (a row of pills on phones). Rendered inside the
 * main layout, behind the user/admin guard. Logout ends the session and goes Home.
 */
export function AccountLayout() {
  const user = useAppSelector(selectCurrentUser);
  const [logout, { isLoading }] = useLogout();
  const [error, setError] = useState('');

  const signOut = async () => {
    setError('');
    if (!(await logout())) setError('Sorry, you could not be logged out. Please try again.');
  };

  return (
    <div className={cx('container', styles.layout)}>
      <nav className={styles.menu} aria-labelledby="account-menu-heading">
        <h2 id="account-menu-heading" className={styles.heading}>
          My Account
        </h2>
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink className={styles.link} to={item.to} end={item.end}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {user?.role === 'admin' && (
            <li>
              <Link className={styles.link} to="/admin">
                Admin
              </Link>
            </li>
          )}
          <li className={styles.separator}>
            <button type="button" className={styles.link} onClick={signOut} disabled={isLoading}>
              Logout
            </button>
          </li>
        </ul>
        <p className={styles.error} role="alert">
          {error}
        </p>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
