import { AppError } from '#server/core/errors.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { at } from './circle-model-arithmetic.ts';
import type { MGroup, Model, World } from './circle-model-state.ts';

/** An id no row has. */
export const BOGUS_ID = 2_000_000_000;

export type ActorKind = 'admin' | 'member' | 'outsider';

/** Runs `op`; it must succeed when `expected` is null and otherwise refuse with that code. */
export async function attempt<T>(
  w: World,
  label: string,
  expected: ErrorCode | null,
  op: () => Promise<T>,
): Promise<T | undefined> {
  let result: T;
  try {
    result = await op();
  } catch (error) {
    if (!(error instanceof AppError)) throw new Error(`${label}: threw ${String(error)}`, { cause: error });
    if (error.code !== expected)
      throw new Error(`${label}: expected ${expected ?? 'success'}, got ${error.code}`, { cause: error });
    w.stats.refused[error.code] = (w.stats.refused[error.code] ?? 0) + 1;
    return undefined;
  }
  if (expected !== null) throw new Error(`${label}: expected ${expected}, but it succeeded`);
  return result;
}

export const session = (m: Model, userId: number) => m.sessions.get(userId)!;

export function actorFor(m: Model, g: MGroup, kind: ActorKind, i: number): number {
  if (kind === 'member') {
    const others = g.members.filter((u) => u !== g.admin);
    if (others.length > 0) return at(others, i);
  }
  if (kind === 'outsider') {
    const outsiders = m.users.filter((u) => !g.members.includes(u));
    if (outsiders.length > 0) return at(outsiders, i);
  }
  return g.admin;
}

/** An outsider is told the group (or the object named, `notFound`) does not exist. */
export function adminRefusal(
  g: MGroup,
  actor: number,
  notFound: ErrorCode = 'GROUP_NOT_FOUND',
): ErrorCode | null {
  if (!g.members.includes(actor)) return notFound;
  if (actor !== g.admin) return 'NOT_GROUP_ADMIN';
  return null;
}

/** Mostly the newest circle still running or recruiting (so sequences get somewhere), sometimes any. */
export const groupAt = (list: readonly MGroup[], i: number): MGroup =>
  i % 5 === 0 ? at(list, i) : (list.findLast((g) => g.status !== 'completed') ?? list[list.length - 1]!);

export const contributionOf = (g: MGroup, cycle: number, userId: number) =>
  g.contributions.find((c) => c.cycle === cycle && c.userId === userId);

/** Cash stays cash in the picture of the outside world; every other method is the bank. */
export function addExternal(m: Model, method: string, cents: number) {
  if (method === 'cash') m.cashCents += cents;
  else m.bankCents += cents;
}

/** A user picked mostly among the group's members (or among everyone). */
export const userFor = (m: Model, g: MGroup, member: boolean, i: number) =>
  member && g.members.length > 0 ? at(g.members, i) : at(m.users, i);

export const nextKey = (m: Model, prefix: string) => {
  m.keys += 1;
  return `${prefix}-${m.keys}`;
};
