// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cycle, GroupDetail } from '#web/lib/group-detail.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import { RotationEditor } from './rotation-editor.tsx';

const people = { 11: 'Ana Reyes', 12: 'Kofi Mensah', 13: 'Lucía Torres', 14: 'Min-jun Park' } as const;

const cycle = (cycleNumber: number, recipientId: keyof typeof people, status: Cycle['status']): Cycle => ({
  cycleNumber,
  recipientId,
  recipientName: people[recipientId],
  scheduledDate: `2026-0${cycleNumber + 2}-01`,
  dueDate: `2026-0${cycleNumber + 2}-01`,
  actualDate: status === 'completed' ? '2026-03-01T15:00:00Z' : null,
  status,
  payoutAmount: '388.10',
  fee: '11.90',
  payout: null,
});

/** Cycle 1 paid out to Ana; cycles 2–4 open for Kofi, Lucía and Min-jun, in that order. */
const detail = {
  group: { id: 7, rotationMethod: 'admin_set' },
  viewer: { userId: 11, isAdmin: true, position: 1 },
  cycles: [
    cycle(1, 11, 'completed'),
    cycle(2, 12, 'current'),
    cycle(3, 13, 'upcoming'),
    cycle(4, 14, 'upcoming'),
  ],
} as unknown as GroupDetail;

const openNames = () =>
  screen.getAllByTestId('rotation-editor-item').map((item) => item.querySelector('p')?.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('RotationEditor', () => {
  it('keeps paid cycles fixed and offers only moves that exist', () => {
    renderInLanguage(<RotationEditor detail={detail} onDone={() => {}} />);
    expect(openNames()).toEqual(['Kofi Mensah', 'Lucía Torres', 'Min-jun Park']);
    expect(
      within(screen.getByRole('region', { name: 'Paid out (fixed)' })).getByText('Ana Reyes'),
    ).toBeTruthy();
    const first = screen.getByRole('button', { name: 'Kofi Mensah is already first' }) as HTMLButtonElement;
    const last = screen.getByRole('button', { name: 'Min-jun Park is already last' }) as HTMLButtonElement;
    expect(first.disabled && last.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save Order' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves a person, marks where they were, and offers Save only while the order differs', async () => {
    const user = userEvent.setup();
    renderInLanguage(<RotationEditor detail={detail} onDone={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Move Min-jun Park up to cycle 3' }));
    expect(openNames()).toEqual(['Kofi Mensah', 'Min-jun Park', 'Lucía Torres']);
    expect(screen.getByText('(was cycle 4)')).toBeTruthy();
    expect(screen.getByText('Min-jun Park now receives cycle 3')).toBeTruthy();
    // The keyboard stays on the person moved.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Min-jun Park up to cycle 2');
    const save = screen.getByRole('button', { name: 'Save Order' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Move Min-jun Park down to cycle 4' }));
    expect(openNames()).toEqual(['Kofi Mensah', 'Lucía Torres', 'Min-jun Park']);
    expect(save.disabled).toBe(true);
  });

  it('sends the new order of the open cycles and closes once the server has it', async () => {
    const fetch = vi.fn(async () => Response.json({ success: true }));
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderInLanguage(<RotationEditor detail={detail} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Move Kofi Mensah down to cycle 3' }));
    await user.click(screen.getByRole('button', { name: 'Save Order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/groups/adjust-rotation');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ groupId: 7, newOrder: [13, 12, 14] });
  });
});
