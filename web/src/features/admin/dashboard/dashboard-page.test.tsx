import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, reply } from '../test/fake-server.ts';
import type { AdminStats } from '../../../../../shared/api/admin.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { EnquiryChart } from './enquiry-chart.tsx';

const weeks = [
  { week: '2026-10-26', count: 3 },
  { week: '2026-11-02', count: 0 },
  { week: '2026-11-09', count: 7 },
  { week: '2026-11-16', count: 2 },
];

describe('EnquiryChart', () => {
  it('draws one bar per week, tallest for the busiest, and names the chart', () => {
    const { container } = render(<EnquiryChart weeks={weeks} />);
    const chart = screen.getByRole('img', { name: /Enquiries per week/ });
    expect(chart).toHaveAccessibleName(
      expect.stringContaining('12 enquiries in the 4 weeks from 26 Oct to 16 Nov; the busiest week had 7.'),
    );
    const heights = [...container.querySelectorAll('rect')].map((rect) => Number(rect.getAttribute('height')));
    expect(heights).toHaveLength(4);
    expect(Math.max(...heights)).toBe(heights[2]);
    expect(heights[1]).toBe(0);
    expect(heights[0]! / heights[2]!).toBeCloseTo(3 / 7);
  });

  it('gives screen readers every number in a table', () => {
    render(<EnquiryChart weeks={weeks} />);
    const table = screen.getByRole('table', { name: 'Enquiries per week' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['26 Oct3', '2 Nov0', '9 Nov7', '16 Nov2']);
  });
});

describe('DashboardPage', () => {
  it('shows the figures from GET /api/admin/stats', async () => {
    const stats: AdminStats = {
      users: 14,
      enquiries: { last7: 2, last30: 12, perWeek: weeks, unsent: 4 },
      catalogue: { rows: 412, generated_at: '2026-11-22T14:03:00Z' },
      queues: { waiting: 1, failed: 3 },
      quotes: { open: 5 },
      trade: { pending: 0 },
      orders: { to_pick: 3 },
      mails: { owed: 2, refused: 1 },
      quotations: { awaiting: 6 },
    };
    fakeServer({ 'GET /api/admin/stats': () => reply(stats) });
    renderWithApp(<DashboardPage />);
    const users = (await screen.findByText('Users')).closest('li')!;
    expect(users).toHaveTextContent('14');
    expect(screen.getByText('Enquiries, last 7 days').closest('li')).toHaveTextContent(/2\s*12 in the last 30 days/);
    expect(screen.getByText('Catalogue rows').closest('li')).toHaveTextContent('412Downloads generated 22 Nov 2026 14:03');
    expect(screen.getByText('Jobs waiting').closest('li')).toHaveTextContent('3 failed');
    const unsent = screen.getByText('Unsent enquiries').closest('li')!;
    expect(unsent).toHaveTextContent('4');
    expect(unsent).toHaveAttribute('data-tone', 'warn');
    const quotes = screen.getByText('Open quote requests').closest('li')!;
    expect(quotes).toHaveTextContent('5Plant lists waiting for a quotation');
    expect(quotes).toHaveAttribute('data-tone', 'warn');
    const awaiting = screen.getByText('Quotations awaiting an answer').closest('li')!;
    expect(awaiting).toHaveTextContent('6Sent and still valid, not yet accepted or declined');
    expect(within(awaiting).getByRole('link', { name: 'See the quoted requests' })).toHaveAttribute(
      'href',
      '/admin/enquiries?kind=quotes&status=quoted',
    );
    expect(screen.getByText('Trade applications').closest('li')).toHaveTextContent('0None waiting');
    const toPick = screen.getByText('Orders to pick').closest('li')!;
    expect(toPick).toHaveTextContent('3Confirmed or being picked');
    expect(within(toPick).getByRole('link', { name: 'See the orders' })).toHaveAttribute('href', '/admin/orders?status=confirmed');
    expect(screen.getByText('Mails owed').closest('li')).toHaveTextContent('2Not sent yet: retried until a mail server takes them');
    const refused = screen.getByText('Mails refused').closest('li')!;
    expect(refused).toHaveTextContent('1Refused for good by a mail server: check and resend');
    expect(refused).toHaveAttribute('data-tone', 'warn');
    expect(within(refused).getByRole('link', { name: 'See refused mails' })).toHaveAttribute('href', '/admin/mails');
    expect(screen.getByRole('link', { name: 'Queue dashboard' })).toHaveAttribute('href', '/admin/queues');
    expect(screen.getByRole('table', { name: 'Enquiries per week' })).toBeInTheDocument();
  });
});
