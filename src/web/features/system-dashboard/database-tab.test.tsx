// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MonitoringReply } from '#shared/schemas/monitoring.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import { DatabaseTab } from './database-tab.tsx';

const JOB_ID = '0b6f5f0e-4c1d-4a43-9d1e-2f0d8c6b7a51';
let calls: string[];
let ledgerOk: boolean;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const database: MonitoringReply['database'] = {
  engine: 'postgres',
  sizeBytes: 12 * 1024 * 1024,
  largestTables: [{ name: 'ledger_entries', sizeBytes: 2 * 1024 * 1024 }],
  queues: [{ queue: 'send-email', waiting: 2, active: 0, failed: 1 }],
  pool: { max: 20, total: 5, idle: 3, waiting: 0 },
  failedJobs: [
    {
      queue: 'send-email',
      id: JOB_ID,
      failedAt: '2026-03-20T12:00:00.000Z',
      error: 'SMTP refused the message',
    },
  ],
  outbox: {
    email: { pending: 2, failed: 1, oldestPendingSeconds: 2 * 3600 + 5 },
    messages: { pending: 0, failed: 0, oldestPendingSeconds: null },
  },
};

beforeEach(() => {
  calls = [];
  ledgerOk = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'POST' && url === `/api/admin/jobs/send-email/${JOB_ID}/retry`)
        return json({ queue: 'send-email', id: JOB_ID, state: 'retry' });
      if (method === 'POST' && url === '/api/admin/ledger-check')
        return json(
          ledgerOk
            ? { ok: true, problems: [], checkedAt: '2026-03-20T12:05:00.000Z', durationMs: 12.5 }
            : {
                ok: false,
                problems: ['account wallet:7 caches balance 2600 but its entries sum to 2500'],
                checkedAt: '2026-03-20T12:06:00.000Z',
                durationMs: 9,
              },
        );
      return json({}, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('DatabaseTab', () => {
  it('shows the pool, outbox and failed jobs, and retries a failed job through its route', async () => {
    const onChanged = vi.fn();
    renderInLanguage(<DatabaseTab database={database} onChanged={onChanged} />);
    expect(screen.getByText('2 of 20 in use')).toBeTruthy();
    expect(screen.getByText('SMTP refused the message')).toBeTruthy();
    expect(screen.getByText('2 h')).toBeTruthy();
    expect(screen.getByText('None waiting')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Retry the send-email job that failed/ }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls).toEqual([`POST /api/admin/jobs/send-email/${JOB_ID}/retry`]);
  });

  it('says PGlite has one embedded connection instead of a pool', () => {
    renderInLanguage(
      <DatabaseTab database={{ ...database, engine: 'pglite', pool: null }} onChanged={() => {}} />,
    );
    expect(screen.getByText('One embedded connection')).toBeTruthy();
  });

  it('runs the ledger check and shows “balanced” or the problems found', async () => {
    renderInLanguage(<DatabaseTab database={database} onChanged={() => {}} />);
    const button = screen.getByRole('button', { name: 'Check the ledger' });
    fireEvent.click(button);
    expect(await screen.findByText(/^Ledger balanced/)).toBeTruthy();

    ledgerOk = false;
    fireEvent.click(button);
    expect(
      await screen.findByText('account wallet:7 caches balance 2600 but its entries sum to 2500'),
    ).toBeTruthy();
    expect(screen.getByText(/^Problems found: 1/)).toBeTruthy();
    expect(screen.queryByText(/^Ledger balanced/)).toBeNull();
    expect(calls).toEqual(['POST /api/admin/ledger-check', 'POST /api/admin/ledger-check']);
  });
});
