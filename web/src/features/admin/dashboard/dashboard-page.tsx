import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatDateTime } from '../shared/dates.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { useGetAdminStatsQuery } from './api.ts';
import { EnquiryChart } from './enquiry-chart.tsx';
import styles from './dashboard.module.css';

/** A queue figure; -1 means the queue could not be reached. */
const queueFigure = (n: number) => (n < 0 ? 'unknown' : String(n));

/** The admin dashboard: the site's figures at a glance (GET /api/admin/stats). */
export function DashboardPage() {
  const { data: stats, error, isLoading } = useGetAdminStatsQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <>
      <PageHeader title="Dashboard" />
      {isLoading && <Loading label="Loading figures…" showLabel />}
      <Notice tone="error">{error ? 'The figures could not be loaded. Please reload the page.' : ''}</Notice>
      {stats && (
        <>
          <ul className={styles.cards}>
            <Stat label="Users" value={stats.users} link={<Link to="/admin/users">Manage users</Link>} />
            <Stat
              label="Enquiries, last 7 days"
              value={stats.enquiries.last7}
              detail={`${stats.enquiries.last30} in the last 30 days`}
              link={<Link to="/admin/enquiries">Open the inbox</Link>}
            />
            <Stat
              label="Unsent enquiries"
              value={stats.enquiries.unsent}
              detail={stats.enquiries.unsent > 0 ? 'Stored safely; mailing is retried until it succeeds' : 'Every enquiry has been mailed'}
              tone={stats.enquiries.unsent > 0 ? 'warn' : undefined}
            />
            <Stat
              label="Mails owed"
              value={stats.mails.owed}
              detail={stats.mails.owed > 0 ? 'Not sent yet: retried until a mail server takes them' : 'Every mail has been sent'}
              tone={stats.mails.owed > 0 ? 'warn' : undefined}
            />
            <Stat
              label="Mails refused"
              value={stats.mails.refused}
              detail={stats.mails.refused > 0 ? 'Refused for good by a mail server: check and resend' : 'None refused'}
              tone={stats.mails.refused > 0 ? 'warn' : undefined}
              link={<Link to="/admin/mails">See refused mails</Link>}
            />
            <Stat
              label="Open quote requests"
              value={stats.quotes.open}
              detail={stats.quotes.open === 1 ? 'A plant list waits for a quotation' : 'Plant lists waiting for a quotation'}
              tone={stats.quotes.open > 0 ? 'warn' : undefined}
              link={<Link to="/admin/enquiries?kind=quotes&status=new">See the quote requests</Link>}
            />
            <Stat
              label="Quotations awaiting an answer"
              value={stats.quotations.awaiting}
              detail={stats.quotations.awaiting === 1 ? 'Sent and still valid' : 'Sent and still valid, not yet accepted or declined'}
              link={<Link to="/admin/enquiries?kind=quotes&status=quoted">See the quoted requests</Link>}
            />
            <Stat
              label="Orders to pick"
              value={stats.orders.to_pick}
              detail={stats.orders.to_pick > 0 ? 'Confirmed or being picked' : 'Nothing waiting in the yard'}
              tone={stats.orders.to_pick > 0 ? 'warn' : undefined}
              link={<Link to="/admin/orders?status=confirmed">See the orders</Link>}
            />
            <Stat
              label="Trade applications"
              value={stats.trade.pending}
              detail={stats.trade.pending > 0 ? 'Waiting for approval' : 'None waiting'}
              tone={stats.trade.pending > 0 ? 'warn' : undefined}
              link={<Link to="/admin/trade-applications">Review applications</Link>}
            />
            <Stat
              label="Catalogue rows"
              value={stats.catalogue.rows}
              detail={
                stats.catalogue.generated_at
                  ? `Downloads generated ${formatDateTime(stats.catalogue.generated_at)}`
                  : 'Downloads not generated yet'
              }
              link={<Link to="/admin/catalogue">Edit the catalogue</Link>}
            />
            <Stat
              label="Jobs waiting"
              value={queueFigure(stats.queues.waiting)}
              detail={`${queueFigure(stats.queues.failed)} failed`}
              tone={stats.queues.failed > 0 || stats.queues.waiting < 0 ? 'warn' : undefined}
              // The queue dashboard is a server page, not a route of this app.
              link={<a href="/admin/queues">Queue dashboard</a>}
            />
          </ul>
          <section className={styles.panel} aria-labelledby="chart-heading">
            <h2 id="chart-heading" className={styles.panelTitle}>
              Enquiries per week
            </h2>
            <EnquiryChart weeks={stats.enquiries.perWeek} />
          </section>
        </>
      )}
    </>
  );
}

interface StatProps {
  label: string;
  value: number | string;
  detail?: string;
  link?: ReactNode;
  tone?: 'warn';
}

function Stat({ label, value, detail, link, tone }: StatProps) {
  return (
    <li className={styles.card} data-tone={tone}>
      <p className={styles.cardLabel}>{label}</p>
      <p className={styles.cardValue}>{value}</p>
      {detail && <p className={styles.cardDetail}>{detail}</p>}
      {link && <p className={styles.cardLink}>{link}</p>}
    </li>
  );
}
