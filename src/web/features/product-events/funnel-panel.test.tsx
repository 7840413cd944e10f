// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Funnel } from '#shared/schemas/product-events.ts';
import { PRODUCT_EVENT_NAMES } from '#shared/schemas/product-events.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import { FunnelPanel } from './funnel-panel.tsx';

const funnel: Funnel = {
  period: 'month',
  days: 30,
  since: '2026-10-27T12:00:00.000Z',
  until: '2026-11-26T12:00:00.000Z',
  events: PRODUCT_EVENT_NAMES.map((name, i) => ({ name, count: i === 0 ? 4 : i, previous: i === 0 ? 2 : 0 })),
  steps: [
    { step: 'signed_up', users: 4, conversion: null, ofSignUps: 1 },
    { step: 'joined_circle', users: 3, conversion: 0.75, ofSignUps: 0.75 },
    { step: 'first_contribution', users: 1, conversion: 1 / 3, ofSignUps: 0.25 },
  ],
};

let replies: (() => Response)[];
let asked: string[];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  asked = [];
  replies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return (replies.shift() ?? (() => json(funnel)))();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('FunnelPanel', () => {
  it('shows a skeleton, then the steps as bars and the events against the previous period', async () => {
    renderInLanguage(<FunnelPanel period="month" />);
    expect(screen.getByTestId('funnel-loading')).toBeTruthy();
    const joined = await screen.findByTestId('funnel-step-joined_circle');
    expect(asked).toEqual(['/api/operations/funnel?period=month']);
    expect(within(joined).getByText('Created or joined a circle')).toBeTruthy();
    expect(within(joined).getByText(/3 people/)).toBeTruthy();
    expect(within(joined).getByText('75% of the step before')).toBeTruthy();
    expect(
      within(joined).getByRole('img', { name: 'Created or joined a circle: 75% of sign-ups' }),
    ).toBeTruthy();
    const first = screen.getByTestId('funnel-step-first_contribution');
    expect(within(first).getByText(/1 person/)).toBeTruthy();
    expect(within(first).getByText('33% of the step before')).toBeTruthy();
    // The first step has no step before it.
    expect(within(screen.getByTestId('funnel-step-signed_up')).queryByText(/step before/)).toBeNull();

    const table = screen.getByRole('table', { name: 'Events in this period and the one before' });
    const signUps = within(table).getByRole('row', { name: /Sign-ups/ });
    expect(
      within(signUps)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '2']);
    expect(within(table).getAllByRole('row')).toHaveLength(PRODUCT_EVENT_NAMES.length + 1);
  });

  it('says when the funnel could not be loaded and tries again on request', async () => {
    replies = [() => json({ success: false, code: 'INTERNAL_ERROR', message: 'x', error: 'x' }, 500)];
    renderInLanguage(<FunnelPanel period="week" />);
    expect(await screen.findByText('The funnel could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('funnel-step-signed_up')).toBeTruthy());
    expect(asked).toEqual(['/api/operations/funnel?period=week', '/api/operations/funnel?period=week']);
  });

  it('writes its words in Arabic', async () => {
    renderInLanguage(<FunnelPanel period="month" />, 'ar');
    expect(await screen.findByText('أنشؤوا دائرة أو انضموا إليها')).toBeTruthy();
    expect(screen.getByText('مسار التحويل')).toBeTruthy();
  });
});
