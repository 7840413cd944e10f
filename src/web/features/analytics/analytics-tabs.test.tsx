// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsReply, ContributionRecord } from '#shared/schemas/analytics.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import { ContributionsTab } from './contributions-tab.tsx';
import { DashboardTab } from './dashboard-tab.tsx';
import { ReportsTab } from './reports-tab.tsx';

let calls: string[];
let active: boolean;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const rows: ContributionRecord[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  groupId: i < 20 ? 1 : 2,
  groupName: i < 20 ? 'Market Street' : 'Harbor Savings',
  amount: '100.00',
  dueDate: '2026-03-05',
  ...(i % 2 ? {} : { paidDate: '2026-03-04' }),
  status: i % 2 ? 'pending' : 'paid',
  cycle: i + 1,
  method: 'cash',
}));

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname === '/api/user/7/contributions') {
        const search = parsed.searchParams.get('search')?.toLowerCase() ?? '';
        const status = parsed.searchParams.get('status');
        const page = Number(parsed.searchParams.get('page'));
        const size = Number(parsed.searchParams.get('pageSize'));
        const picked = rows.filter(
          (r) => r.groupName.toLowerCase().includes(search) && (status === 'all' || r.status === status),
        );
        return json({
          contributions: picked.slice((page - 1) * size, page * size),
          page,
          pageSize: size,
          total: picked.length,
        });
      }
      if (url === '/api/user/report-schedules')
        return json({ schedules: [{ kind: 'monthly_statement', active, lastSentPeriod: null }] });
      if (url === '/api/user/report-schedules/monthly_statement' && method === 'PUT') {
        active = JSON.parse(String(init?.body)).active;
        return json({ success: true, schedule: { kind: 'monthly_statement', active, lastSentPeriod: null } });
      }
      return json({}, 404);
    }),
  );
}

const report: AnalyticsReply = {
  period: 'Last 6 months',
  generatedAt: '2026-03-20T12:00:00.000Z',
  timeZone: 'UTC',
  summary: {
    totalContributed: '300.00',
    totalReceived: '291.00',
    net: '-9.00',
    contributionsPaid: 3,
    paidOnTime: 2,
    paidLate: 1,
    onTimeRate: 67,
    penaltiesPaid: '0.00',
    payoutsReceived: 1,
  },
  months: ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'].map((month, i) => ({
    month,
    contributed: i >= 3 ? '100.00' : '0.00',
    cumulative: i >= 3 ? `${(i - 2) * 100}.00` : '0.00',
    received: i === 5 ? '291.00' : '0.00',
    paidOnTime: i >= 4 ? 1 : 0,
    paidLate: i === 3 ? 1 : 0,
  })),
  circles: [{ groupId: 1, groupName: 'Market Street', paidIn: '300.00', received: '291.00' }],
  goal: { target: '5000.00', monthly: '500.00', isDefault: true, totalSaved: '300.00' },
};

beforeEach(() => {
  calls = [];
  active = false;
  serve();
});
afterEach(() => vi.unstubAllGlobals());

describe('ContributionsTab', () => {
  it('searches by circle name, filters by status and pages through the member’s contributions', async () => {
    renderInLanguage(<ContributionsTab userId={7} />);
    await screen.findByText('Page 1 of 2 (25 contributions)');
    expect(screen.getAllByText('Market Street')).toHaveLength(20);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.queryAllByText('Harbor Savings')).toHaveLength(5));
    expect(screen.getByText('Page 2 of 2 (25 contributions)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search by circle'), { target: { value: 'HARBOR' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    await waitFor(() => expect(screen.queryAllByText('Harbor Savings')).toHaveLength(2));
    expect(calls.at(-1)).toBe(
      'GET /api/user/7/contributions?status=pending&page=1&pageSize=20&search=HARBOR',
    );
    for (const cell of screen.getAllByText('Pending', { selector: 'span' })) expect(cell).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search by circle'), { target: { value: 'nowhere' } });
    expect(await screen.findByText('No contribution matches this search and status.')).toBeTruthy();
  });
});

describe('DashboardTab', () => {
  it('labels each chart and offers its figures as a table', async () => {
    renderInLanguage(<DashboardTab data={report} />);
    expect(
      screen.getByRole('img', {
        name: 'Area chart of your total contributions by month, reaching $300.00 this month.',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: /2 on time and 1 late/ })).toBeTruthy();
    const [savingsToggle] = screen.getAllByRole('button', { name: 'Show table' });
    fireEvent.click(savingsToggle!);
    expect(savingsToggle!.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: 'Savings over time' });
    const lastRow = within(table).getAllByRole('row').at(-1)!;
    expect(within(lastRow).getByText('March 2026')).toBeTruthy();
    expect(within(lastRow).getByText('$300.00')).toBeTruthy();
    const circles = screen.getByRole('table', { name: 'Money in and out per circle' });
    expect(within(circles).getByText('$291.00')).toBeTruthy();
  });
});

describe('ReportsTab', () => {
  it('turns the monthly statement on and shows it Active', async () => {
    renderInLanguage(<ReportsTab data={report} />);
    await screen.findByText('Inactive');
    fireEvent.click(screen.getByRole('switch', { name: 'Monthly statement by email' }));
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(calls).toContain('PUT /api/user/report-schedules/monthly_statement');
  });

  it('refuses a period longer than 24 months before asking the server', async () => {
    renderInLanguage(<ReportsTab data={report} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2023-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download statement' }));
    expect(
      await screen.findByText('Choose a period of up to 24 months that ends on or after its start'),
    ).toBeTruthy();
    expect(calls.some((c) => c.includes('statement.csv'))).toBe(false);
  });
});
