import type { Cycle, GroupDetail } from '#web/lib/group-detail.ts';

/** Why Adjust Order is not offered: the server reorders only an active circle's unpaid cycles. */
export type RotationLock = 'recruiting' | 'completed' | 'lastCycle';

/** Cycles not yet paid out, in order: the slots a new order fills. */
export function unpaidCycles(detail: GroupDetail): Cycle[] {
  return detail.cycles.filter((c) => c.status !== 'completed');
}

export function rotationLock(detail: GroupDetail): RotationLock | null {
  if (detail.group.status === 'recruiting') return 'recruiting';
  if (detail.group.status === 'completed') return 'completed';
  // One unpaid cycle left has only one possible order.
  return unpaidCycles(detail).length < 2 ? 'lastCycle' : null;
}

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at the edges. */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/** The same people, in any order. */
export function sameMembers(a: readonly number[], b: readonly number[]): boolean {
  return sameOrder(
    [...a].sort((x, y) => x - y),
    [...b].sort((x, y) => x - y),
  );
}
