import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TRADE_STATUSES } from '../../../../../shared/api/trade.ts';
import type { UserListFilters } from '../../../../../shared/api/users.ts';
import { TRADE_STATUS_LABELS } from '../shared/trade-status.ts';
import styles from './users.module.css';

/** Typing pauses this long before the search runs: one request per word, not per key. */
const SEARCH_DELAY_MS = 300;

type SelectFilter = Exclude<keyof UserListFilters, 'q'>;

/** Each select: its label and choices (value '' is every user). */
const SELECTS: { name: SelectFilter; label: string; options: [string, string][] }[] = [
  {
    name: 'role',
    label: 'Access level',
    options: [
      ['', 'All'],
      ['user', 'User'],
      ['admin', 'Admin'],
    ],
  },
  {
    name: 'verified',
    label: 'Email',
    options: [
      ['', 'All'],
      ['yes', 'Verified'],
      ['no', 'Not verified'],
    ],
  },
  {
    name: 'two_factor',
    label: '2FA',
    options: [
      ['', 'All'],
      ['yes', 'On'],
      ['no', 'Off'],
    ],
  },
  {
    name: 'trade',
    label: 'Trade account',
    options: [['', 'All'], ['none', 'None'], ...TRADE_STATUSES.map((status): [string, string] => [status, TRADE_STATUS_LABELS[status]])],
  },
];

/** The list's filters as the URL holds them (unknown values are dropped, as the server would refuse them). */
export function useUserFilters(): UserListFilters {
  const [params] = useSearchParams();
  const filters: UserListFilters = {};
  const q = params.get('q')?.trim();
  if (q) filters.q = q;
  for (const select of SELECTS) {
    const value = params.get(select.name);
    if (value && select.options.some(([option]) => option === value)) Object.assign(filters, { [select.name]: value });
  }
  return filters;
}

/**
 * The users list's search (name, email or company, run as the admin types) and its selects. Every
 * filter lives in the URL, so a filtered list survives reload and Back; a change goes to page 1.
 */
export function UserFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useUserFilters();
  const [text, setText] = useState(filters.q ?? '');

  const set = (name: keyof UserListFilters, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: name === 'q' },
    );

  // The search is set when the typing pauses, through the latest render's setter: React Router
  // hands a functional update the params of the render that made the setter, so the one from
  // when typing began would drop a select changed since (the list filtered, the URL not).
  const latestSet = useRef(set);
  useEffect(() => {
    latestSet.current = set;
  });

  useEffect(() => {
    if (text.trim() === (params.get('q') ?? '').trim()) return;
    const timer = setTimeout(() => latestSet.current('q', text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // Only typing starts a search; the URL changing under it (Back) is read by useUserFilters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  return (
    <form className={styles.filters} role="search" aria-label="Users" onSubmit={(event) => event.preventDefault()}>
      <label className={styles.search}>
        Search
        <input type="search" name="q" value={text} onChange={(event) => setText(event.target.value)} placeholder="Name, email or company" />
      </label>
      {SELECTS.map((select) => (
        <label key={select.name} className={styles.select}>
          {select.label}
          <select name={select.name} value={filters[select.name] ?? ''} onChange={(event) => set(select.name, event.target.value)}>
            {select.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ))}
    </form>
  );
}
