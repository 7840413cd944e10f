import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cycles, groups } from '#server/db/groups-schema.ts';
import { updateCollectionSettings } from '#server/features/autopay/settings.ts';
import { createGroup } from '#server/features/groups/create-group.ts';
import { joinGroup } from '#server/features/groups/join-group.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { createGroupSchema } from '#shared/schemas/groups.ts';
import {
  at,
  dayOfMonth,
  dollars,
  expectedDraw,
  localDay,
  monthDay,
  plusDays,
  sha256,
  weekday,
} from './circle-model-arithmetic.ts';
import { attempt, session } from './circle-model-harness.ts';
import { openCycle } from './circle-model-money.ts';
import { changeSafeguard, configurationFor, type Settings } from './circle-model-safeguards.ts';
import type { Frequency, MGroup, Rotation, Rule, World } from './circle-model-state.ts';

export type CreateCommand = {
  admin: number;
  limit: number;
  cents: number;
  grace: number;
  penalty: number;
  autoPayout: boolean;
  frequency: Frequency;
  day: number | undefined;
  startOffset: number | undefined;
  timeZone: string;
  rotation: Rotation;
  threshold: number;
  retries: 1 | 3 | 5 | undefined;
  reserve: number;
  guards: { rule: Rule; settings: Settings | undefined }[];
  fill: boolean;
};

/** PRODUCT.md "Schedule": cycle n's due date from the (effective) start date. */
function dueDate(g: MGroup, start: string, n: number): string {
  if (g.frequency === 'monthly') {
    const thisMonth = monthDay(start, 0, g.contributionDay);
    const first = thisMonth >= start ? thisMonth : monthDay(start, 1, g.contributionDay);
    return monthDay(first, n - 1, g.contributionDay);
  }
  const first = plusDays(start, (g.contributionDay - weekday(start) + 7) % 7);
  return plusDays(first, (n - 1) * (g.frequency === 'weekly' ? 7 : 14));
}

async function activate(w: World, g: MGroup) {
  const { r } = w;
  const today = localDay(r.clock.now(), g.timeZone);
  // A circle that fills after its planned start begins today.
  const start = [g.startDate, today].sort()[1]!;
  if (g.rotation === 'random_draw') {
    const [row] = await r.db.select({ seed: groups.seed }).from(groups).where(eq(groups.id, g.id));
    const seed = row?.seed;
    if (!seed) throw new Error(`group ${g.id}: random draw without a seed`);
    expect(sha256(seed), `group ${g.id}: revealed seed matches the published hash`).toBe(g.seedHash);
    g.order = expectedDraw(seed, g.members);
  } else {
    g.order = [...g.members];
  }
  // The escrow of a cycle is named by the cycle's row id.
  const ids = await r.db
    .select({ id: cycles.id, number: cycles.number })
    .from(cycles)
    .where(eq(cycles.groupId, g.id));
  g.cycles = g.order.map((recipient, i) => {
    const dueOn = dueDate(g, start, i + 1);
    const id = ids.find((x) => x.number === i + 1)?.id ?? -1;
    return { id, number: i + 1, dueOn, payoutOn: plusDays(dueOn, g.grace), recipient, paidOut: false };
  });
  g.status = 'active';
  g.currentCycle = 1;
  w.stats.activated += 1;
  await openCycle(w, g, 1);
}

export async function join(w: World, g: MGroup, userId: number, label: string) {
  const expected: ErrorCode | null = g.members.includes(userId)
    ? 'ALREADY_MEMBER'
    : g.status !== 'recruiting' || g.members.length >= g.limit
      ? 'GROUP_FULL'
      : null;
  const joined = await attempt(w, label, expected, () =>
    joinGroup(w.r.ctx, session(w.m, userId), g.id, { kind: 'invite_code', code: g.inviteCode }),
  );
  if (!joined) return;
  g.members.push(userId);
  if (g.members.length === g.limit) await activate(w, g);
  expect(joined.status, label).toBe(g.status);
}

/** Members join until the circle is full; then one more person tries (GROUP_FULL). */
export async function fill(w: World, g: MGroup, from: number, label: string) {
  const rotated = w.m.users.map((_, i) => at(w.m.users, from + i));
  for (const userId of rotated) {
    if (g.status !== 'recruiting') break;
    if (!g.members.includes(userId)) await join(w, g, userId, `${label} user ${userId}`);
  }
  const extra = rotated.find((u) => !g.members.includes(u));
  if (extra !== undefined) await join(w, g, extra, `${label} one too many (${extra})`);
}

export async function create(w: World, cmd: CreateCommand, label: string) {
  const { m, r } = w;
  const admin = at(m.users, cmd.admin);
  const today = localDay(r.clock.now(), cmd.timeZone);
  const startDate = cmd.startOffset === undefined ? undefined : plusDays(today, cmd.startOffset);
  const contributionDay =
    cmd.day === undefined ? undefined : cmd.frequency === 'monthly' ? 1 + cmd.day : cmd.day % 7;
  const input = createGroupSchema.parse({
    name: `Model circle ${m.groups.length + 1}`,
    contributionAmount: dollars(cmd.cents),
    memberLimit: cmd.limit,
    frequency: cmd.frequency,
    contributionDay,
    gracePeriodDays: cmd.grace,
    startDate,
    timeZone: cmd.timeZone,
    rotationMethod: cmd.rotation,
    penaltyPercentage: cmd.penalty,
    autoPayout: cmd.autoPayout,
  });
  const created = await attempt(w, label, null, () => createGroup(r.ctx, session(m, admin), input));
  const start = startDate ?? today;
  expect(created!.seedHash !== null, `${label}: a seed hash is published for a random draw`).toBe(
    cmd.rotation === 'random_draw',
  );
  // The threshold is a schedule setting; set directly, as the edit form would leave it.
  if (cmd.threshold !== 100)
    await r.db
      .update(groups)
      .set({ minContributionThreshold: cmd.threshold })
      .where(eq(groups.id, created!.id));
  // What earlier penalties left in the reserve (kind `model_reserve_seed`, so the checks can tell).
  const seed = cmd.reserve * cmd.cents;
  if (seed > 0)
    await postTransfer(r.db, {
      idempotencyKey: `model-reserve:${created!.id}`,
      kind: 'model_reserve_seed',
      groupId: created!.id,
      at: r.clock.now(),
      legs: [
        { account: { kind: 'external', name: 'cash' }, amountCents: -seed },
        { account: { kind: 'reserve', groupId: created!.id }, amountCents: seed },
      ],
    });
  m.cashCents -= seed;
  if (cmd.retries !== undefined)
    await attempt(w, `${label} collection settings`, null, () =>
      updateCollectionSettings(r.ctx, session(m, admin), created!.id, { retryAttempts: cmd.retries! }),
    );
  m.groups.push({
    id: created!.id,
    inviteCode: created!.inviteCode,
    admin,
    limit: cmd.limit,
    cents: cmd.cents,
    grace: cmd.grace,
    penaltyPercent: cmd.penalty,
    autoPayout: cmd.autoPayout,
    threshold: cmd.threshold,
    retries: cmd.retries ?? 3,
    timeZone: cmd.timeZone,
    frequency: cmd.frequency,
    contributionDay: contributionDay ?? (cmd.frequency === 'monthly' ? dayOfMonth(start) : weekday(start)),
    startDate: start,
    rotation: cmd.rotation,
    seedHash: created!.seedHash,
    members: [admin],
    order: [],
    status: 'recruiting',
    currentCycle: 1,
    cycles: [],
    contributions: [],
    payouts: [],
    reserveCents: seed,
    distributedCents: 0,
    frozen: false,
    escrowCents: new Map(),
    safeguards: new Map(),
    actions: [],
    disputes: [],
    schedules: new Map(),
    standing: new Map(),
    maxMissed: 2,
    autoRemove: true,
    graceOf: new Map(),
    emergencyPercent: 0,
    debts: [],
  });
  w.stats.groups += 1;
  const g = m.groups[m.groups.length - 1]!;
  for (const [i, { rule, settings }] of cmd.guards.entries())
    await changeSafeguard(
      w,
      g,
      admin,
      rule,
      true,
      configurationFor(rule, settings),
      `${label} guard ${i} ${rule}`,
    );
  if (cmd.fill) await fill(w, g, cmd.admin, `${label} fill`);
}
