import { Fragment } from 'react';
import { BUSINESS_TYPE_LABELS } from '../../../components/business-types.ts';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { AdminTradeAccount } from '../../../../../shared/api/trade.ts';
import admin from '../shared/admin.module.css';
import { formatDateTime } from '../shared/dates.ts';
import { TradeAccountActions } from '../shared/trade-account-actions.tsx';
import { useGetUserTradeAccountsQuery } from '../shared/trade-account-api.ts';
import { TRADE_HISTORY_LABELS, TRADE_STATUS_BADGES, TRADE_STATUS_LABELS } from '../shared/trade-status.ts';
import styles from './users.module.css';

/** One application or account: its facts, the actions its status allows, and its history. */
function TradeAccount({ account }: { account: AdminTradeAccount }) {
  const facts: [string, string | null][] = [
    ['Business type', BUSINESS_TYPE_LABELS[account.business_type]],
    ['Company number', account.company_number],
    ['VAT number', account.vat_number],
    ['Delivery postcode', account.delivery_postcode],
    ['Invoice email', account.invoice_email],
  ];
  return (
    <section className={styles.account} aria-label={`Trade account: ${account.company_name}`}>
      <div className={styles.accountHeader}>
        <h3>{account.company_name}</h3>
        <span className={TRADE_STATUS_BADGES[account.status]}>{TRADE_STATUS_LABELS[account.status]}</span>
      </div>
      <dl className={styles.facts}>
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
      </dl>
      <TradeAccountActions account={account} />
      <h4 className={styles.historyTitle}>History</h4>
      <ol className={styles.history}>
        {account.history.map((step) => (
          <li key={step.id}>
            <time dateTime={step.at}>{formatDateTime(step.at)}</time> · <strong>{TRADE_HISTORY_LABELS[step.action]}</strong>
            {step.by && <span className={admin.muted}> by {step.by.name}</span>}
            {step.reason && <div>Reason: {step.reason}</div>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A user's trade account on their admin page: each application (newest first) with its company,
 * numbers and status, Suspend / Reinstate / Revoke as the status allows, and its history.
 */
export function UserTradePanel({ userId }: { userId: number }) {
  const { data: accounts, isLoading, error } = useGetUserTradeAccountsQuery(userId);
  return (
    <section className={`${admin.panel} ${admin.narrow}`} aria-labelledby="user-trade-heading">
      <h2 id="user-trade-heading" className={admin.panelTitle}>
        Trade account
      </h2>
      {isLoading && <Loading label="Loading the trade account…" showLabel />}
      <Notice tone="error">{error ? 'The trade account could not be loaded.' : ''}</Notice>
      {accounts && !accounts.length && <p className={admin.muted}>No trade account application.</p>}
      {accounts?.map((account) => (
        <TradeAccount key={account.id} account={account} />
      ))}
    </section>
  );
}
