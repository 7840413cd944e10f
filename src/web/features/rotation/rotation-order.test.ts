import { describe, expect, it } from 'vitest';
import type { Cycle, GroupDetail } from '#web/lib/group-detail.ts';
import { moveItem, rotationLock, sameMembers, sameOrder } from './rotation-order.ts';

const cycle = (cycleNumber: number, status: Cycle['status']): Cycle => ({
  cycleNumber,
  recipientId: cycleNumber * 10,
  recipientName: `Member ${cycleNumber}`,
  scheduledDate: '2026-04-01',
  dueDate: '2026-03-29',
  actualDate: null,
  status,
  payoutAmount: '100.00',
  fee: '3.20',
  payout: null,
});

const detailWith = (status: GroupDetail['group']['status'], statuses: Cycle['status'][]) =>
  ({ group: { status }, cycles: statuses.map((s, i) => cycle(i + 1, s)) }) as unknown as GroupDetail;

describe('rotation order editing', () => {
  it('moves one place and never past either end', () => {
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('tells a new order from the same people in the same order', () => {
    expect(sameOrder([1, 2], [1, 2])).toBe(true);
    expect(sameOrder([2, 1], [1, 2])).toBe(false);
    expect(sameMembers([2, 10, 1], [1, 2, 10])).toBe(true);
    expect(sameMembers([2, 3], [1, 2])).toBe(false);
  });

  it('offers Adjust Order only where the server can reorder', () => {
    expect(rotationLock(detailWith('recruiting', []))).toBe('recruiting');
    expect(rotationLock(detailWith('completed', ['completed', 'completed']))).toBe('completed');
    expect(rotationLock(detailWith('active', ['completed', 'completed', 'current']))).toBe('lastCycle');
    expect(rotationLock(detailWith('active', ['completed', 'current', 'upcoming']))).toBeNull();
  });
});
