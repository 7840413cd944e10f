// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '#web/test/render.tsx';
import OperationsPage from './operations-page.tsx';

let operator: boolean;
let asked: string[];

const figures = (scale: number) => ({
  contributionsCents: 30_000 * scale,
  contributionsCount: 3 * scale,
  payoutsCents: 27_000 * scale,
  payoutsCount: scale,
  feeRevenueCents: 963 * scale,
  walletsHeldCents: 16_237 * scale,
  reserveCoverCents: 1_000 * scale,
  reserveCoverCount: scale,
  withdrawalsCents: 10_000 * scale,
  withdrawalFeesCents: 150 * scale,
});
const windows = {
  current: { from: '2026-03-21T12:00:00.000Z', to: '2026-04-20T12:00:00.000Z' },
  previous: { from: '2026-02-19T12:00:00.000Z', to: '2026-03-21T12:00:00.000Z' },
};

function serve() {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/operations/') && !operator)
        return json(
          { success: false, code: 'FORBIDDEN', message: 'You are not allowed to do this', error: 'x' },
          403,
        );
      const period = new URL(url, 'http://x').searchParams.get('period') ?? 'month';
      // A year holds twice a month's contributions, so a refetch shows on the cards.
      const scale = period === 'year' ? 2 : 1;
      if (url.startsWith('/api/operations/overview'))
        return json({
          period,
          windows,
          kpis: [
            { key: 'contributions', unit: 'cents', current: 30_000 * scale, previous: 15_000 },
            { key: 'supportTickets', unit: 'count', current: 4, previous: 4 },
          ],
        });
      if (url.startsWith('/api/operations/financial'))
        return json({
          period,
          windows,
          current: figures(scale),
          previous: figures(0),
          feesByKind: [{ kind: 'payout', current: 813, previous: 0 }],
          withdrawalsByMethod: [],
          reconciliation: {
            settledCount: 1,
            providerCents: 10_500,
            ledgerCents: 10_000,
            differenceCents: 500,
            differences: [
              {
                source: 'withdrawal',
                id: 7,
                providerRef: 'sbx_po_7',
                settledAt: '2026-04-10T12:00:00.000Z',
                providerCents: 10_500,
                ledgerCents: 10_000,
                differenceCents: 500,
              },
            ],
          },
        });
      if (url.startsWith('/api/operations/risk'))
        return json({
          period,
          windows,
          current: { missedPayments: 3, penaltiesCharged: 0, penaltiesCents: 0, disputesOpened: 0 },
          previous: { missedPayments: 0, penaltiesCharged: 0, penaltiesCents: 0, disputesOpened: 0 },
          members: [
            {
              userId: 5,
              username: 'ama',
              level: 'medium',
              overdue: 1,
              owedPenaltyCents: 0,
              inactiveMemberships: 0,
              openDisputes: 0,
              frozenCircles: 0,
            },
          ],
          circles: [],
        });
      return json({}, 404);
    }),
  );
}

describe('/business-operations', () => {
  beforeEach(() => serve());
  afterEach(() => vi.unstubAllGlobals());

  it('tells a member it is for operators only', async () => {
    operator = false;
    renderInLanguage(<OperationsPage />);
    expect(await screen.findByText('Operators only')).toBeTruthy();
  });

  it('shows the KPI cards against the previous period, the financial tab, and the risk tab', async () => {
    operator = true;
    renderInLanguage(<OperationsPage />);
    expect((await screen.findByTestId('operations-kpi-contributions')).textContent).toBe('$300.00');
    expect(screen.getByText('+$150.00 vs the previous period')).toBeTruthy();
    expect(screen.getByText('No change from the previous period')).toBeTruthy();
    expect(await screen.findByTestId('financial-tab')).toBeTruthy();
    expect(screen.getByText('Withdrawal #7')).toBeTruthy();
    expect(screen.getByTestId('export-csv').getAttribute('href')).toBe(
      '/api/operations/export.csv?period=month',
    );

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Risk' }));
    expect(await screen.findByTestId('risk-tab')).toBeTruthy();
    expect(screen.getByText('ama')).toBeTruthy();
    expect(screen.getByText('Medium')).toBeTruthy();
  });

  it('refetches every figure when the period changes', async () => {
    operator = true;
    renderInLanguage(<OperationsPage />);
    expect((await screen.findByTestId('operations-kpi-contributions')).textContent).toBe('$300.00');
    fireEvent.change(screen.getByTestId('period-select'), { target: { value: 'year' } });
    await waitFor(() =>
      expect(screen.getByTestId('operations-kpi-contributions').textContent).toBe('$600.00'),
    );
    expect(asked).toContain('/api/operations/overview?period=year');
    expect(asked).toContain('/api/operations/financial?period=year');
    expect(screen.getByTestId('export-csv').getAttribute('href')).toBe(
      '/api/operations/export.csv?period=year',
    );
  });
});
