import { expect } from 'vitest';
import { openDispute, resolveDispute } from '#server/features/escrow/disputes.ts';
import { updateSafeguard } from '#server/features/safeguards/update.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { at } from './circle-model-arithmetic.ts';
import { adminRefusal, attempt, BOGUS_ID, session } from './circle-model-harness.ts';
import { newAction } from './circle-model-release.ts';
import {
  isOpen,
  type MGroup,
  type Rule,
  ruleOn,
  type SafeguardSetting,
  type World,
} from './circle-model-state.ts';

/** What a safeguard command may send, for whichever rule it names. */
export type Settings = {
  requiredApprovals: number;
  hours: number;
  approvalPercent: number;
  perWithdrawalCents: number;
  dailyCents: number;
  only: 'one' | 'both';
};

/** The settings a safeguard command sends for its rule (some omitted, some out of range). */
export function configurationFor(rule: Rule, s: Settings | undefined): Record<string, number> | undefined {
  if (!s) return undefined;
  switch (rule) {
    case 'multi_signature':
      return { requiredApprovals: s.requiredApprovals };
    case 'time_lock':
      return { hours: s.hours };
    case 'member_vote':
      return { approvalPercent: s.approvalPercent };
    case 'third_party_custody':
      return {};
    case 'transaction_limits':
      return s.only === 'both'
        ? { perWithdrawalCents: s.perWithdrawalCents, dailyCents: s.dailyCents }
        : { perWithdrawalCents: s.perWithdrawalCents };
  }
}

/** The spec's sample settings, which a rule has until an admin changes them. */
const DEFAULTS: Record<Rule, Record<string, number>> = {
  multi_signature: { requiredApprovals: 3 },
  time_lock: { hours: 48 },
  member_vote: { approvalPercent: 51 },
  third_party_custody: {},
  transaction_limits: { perWithdrawalCents: 100_000, dailyCents: 200_000 },
};

/** Allowed ranges of each setting (src/shared/safeguards.ts is the server's; these are the model's). */
const RANGES: Record<string, [number, number]> = {
  requiredApprovals: [1, 19],
  hours: [1, 168],
  approvalPercent: [50, 100],
  perWithdrawalCents: [100, 5_000_000],
  dailyCents: [100, 5_000_000],
};

function invalid(g: MGroup, rule: Rule, config: Record<string, number>): boolean {
  if (Object.entries(config).some(([key, v]) => v < RANGES[key]![0] || v > RANGES[key]![1])) return true;
  // More approvals than there are other members to give them.
  if (rule === 'multi_signature' && config.requiredApprovals! > Math.max(1, g.limit - 1)) return true;
  return rule === 'transaction_limits' && config.perWithdrawalCents! > config.dailyCents!;
}

/** Whether a change lowers a protection that is on: switching it off, or easing a setting. */
function weakens(before: SafeguardSetting | undefined, after: SafeguardSetting): boolean {
  if (!before?.enabled) return false;
  if (!after.enabled) return true;
  const [was, now] = [before.config, after.config];
  return (
    now.requiredApprovals! < was.requiredApprovals! ||
    now.hours! < was.hours! ||
    now.approvalPercent! < was.approvalPercent! ||
    now.perWithdrawalCents! > was.perWithdrawalCents! ||
    now.dailyCents! > was.dailyCents!
  );
}

/**
 * An admin turns a safeguard on or off or changes it. Tightening applies at once; while a running
 * circle has member vote on, easing or switching one off becomes a pending action for the members.
 */
export async function changeSafeguard(
  w: World,
  g: MGroup,
  actor: number,
  rule: Rule,
  enabled: boolean,
  configuration: Record<string, number> | undefined,
  label: string,
) {
  const before = g.safeguards.get(rule);
  const config = { ...DEFAULTS[rule], ...(before?.config ?? {}), ...(configuration ?? {}) };
  const after = { enabled, config };
  const vote = ruleOn(g, 'member_vote');
  const asks = vote !== null && g.status === 'active' && weakens(before, after);
  const subject = `safeguard:${rule}`;
  const expected: ErrorCode | null =
    adminRefusal(g, actor) ??
    (invalid(g, rule, config)
      ? 'VALIDATION_ERROR'
      : asks && g.actions.some((a) => a.type === 'update_safeguard' && a.subject === subject && isOpen(a))
        ? 'ACTION_ALREADY_PENDING'
        : null);
  const done = await attempt(w, label, expected, () =>
    updateSafeguard(w.r.ctx, session(w.m, actor), g.id, rule, { enabled, configuration }),
  );
  if (!done) return;
  if (!asks) {
    g.safeguards.set(rule, after);
    w.stats.safeguardsApplied += 1;
    expect(done, label).toEqual({ applied: { type: rule, ...after } });
    return;
  }
  const others = Math.max(1, g.members.length - 1);
  const votes = Math.max(1, Math.ceil((vote.approvalPercent! * others) / 100));
  const action = newAction(w, g, done.pendingAction?.id ?? -1, {
    type: 'update_safeguard',
    subject,
    requestedBy: actor,
    required: Math.max(1, Math.min(votes, g.members.length - 1)),
    change: { rule, ...after },
  });
  w.stats.safeguardVotes += 1;
  expect(done.pendingAction, label).toMatchObject({ requiredApprovals: action.required, status: 'pending' });
}

/** A member objects to releasing a cycle's escrow (named by its id); nothing releases it meanwhile. */
export async function disputeStep(w: World, g: MGroup, n: number, opener: number, label: string) {
  const cycle = g.cycles[n - 1];
  const upcoming = cycle && !cycle.paidOut && cycle.number > g.currentCycle;
  const expected: ErrorCode | null =
    !cycle || upcoming
      ? 'ESCROW_NOT_FOUND'
      : !g.members.includes(opener)
        ? 'ESCROW_NOT_FOUND'
        : cycle.paidOut
          ? 'CYCLE_ALREADY_PAID_OUT'
          : g.disputes.some((d) => d.cycle === n && d.openedBy === opener && d.status === 'open')
            ? 'DISPUTE_ALREADY_OPEN'
            : null;
  const done = await attempt(w, label, expected, () =>
    openDispute(w.r.ctx, session(w.m, opener), cycle?.id ?? BOGUS_ID, 'The pool looks short'),
  );
  if (!done) return;
  g.disputes.push({ id: done.id, cycle: n, openedBy: opener, status: 'open', resolvedBy: null });
  w.stats.disputesOpened += 1;
}

export type ResolverKind = 'opener' | 'admin' | 'member' | 'outsider';

/** The member who opened a dispute, or an admin, resolves it; mostly an open one of any group. */
export async function resolveStep(
  w: World,
  g: MGroup,
  cmd: { which: number; actor: ResolverKind; open: boolean },
  label: string,
) {
  const all = w.m.groups.flatMap((og) => og.disputes.map((d) => ({ g: og, d })));
  const open = all.filter((x) => x.d.status === 'open');
  const pool = cmd.open && open.length > 0 ? open : all;
  const chosen = cmd.which % 10 === 9 || pool.length === 0 ? undefined : at(pool, cmd.which);
  const dg = chosen?.g ?? g;
  const dispute = chosen?.d;
  // Someone else: a member who neither opened it nor runs the circle, or an outsider.
  const others = w.m.users.filter(
    (u) => u !== dispute?.openedBy && u !== dg.admin && dg.members.includes(u) === (cmd.actor === 'member'),
  );
  const actor =
    cmd.actor === 'opener' && dispute
      ? dispute.openedBy
      : cmd.actor === 'admin' || others.length === 0
        ? dg.admin
        : at(others, cmd.which);
  const expected: ErrorCode | null = !dispute
    ? 'DISPUTE_NOT_FOUND'
    : !dg.members.includes(actor)
      ? 'DISPUTE_NOT_FOUND'
      : actor !== dispute.openedBy && actor !== dg.admin
        ? 'NOT_DISPUTE_PARTY'
        : dispute.status === 'resolved'
          ? 'DISPUTE_ALREADY_RESOLVED'
          : null;
  const done = await attempt(w, label, expected, () =>
    resolveDispute(w.r.ctx, session(w.m, actor), dispute?.id ?? BOGUS_ID, 'Counted again: all there'),
  );
  if (!done || !dispute) return;
  Object.assign(dispute, { status: 'resolved', resolvedBy: actor });
  w.stats.disputesResolved += 1;
}
