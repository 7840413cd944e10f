import type { ErrorCode } from '#shared/errors.ts';
import { HOUR_MS, membersNeeded, poolOf } from './circle-model-arithmetic.ts';
import { carryOutRemoval } from './circle-model-departures.ts';
import { payOut } from './circle-model-money.ts';
import {
  isOpen,
  type MAction,
  type MGroup,
  type MPayout,
  type Release,
  ruleOn,
  type World,
} from './circle-model-state.ts';

/** PRODUCT.md "Safeguards": an action waiting for approvals expires after 72 hours. */
export const ACTION_TTL_MS = 72 * HOUR_MS;

/**
 * Whether cycle `n` may be released now with `percent` of the members paid (PRODUCT.md "Escrow
 * release"): it is the active circle's cycle being collected, not frozen, no dispute open, enough
 * paid, and a time lock, if on, has run out since enough had arrived. The first reason, or null.
 */
export function releaseBlocker(
  w: World,
  g: MGroup,
  n: number,
  percent: number,
  ignoreTimeLock: boolean,
): ErrorCode | null {
  const cycle = g.cycles[n - 1];
  if (!cycle) return g.status === 'active' ? 'WRONG_CYCLE' : 'GROUP_NOT_ACTIVE';
  if (cycle.paidOut) return 'CYCLE_ALREADY_PAID_OUT';
  if (g.status !== 'active') return 'GROUP_NOT_ACTIVE';
  if (n !== g.currentCycle) return 'WRONG_CYCLE';
  if (g.frozen) return 'GROUP_FROZEN';
  if (g.disputes.some((d) => d.cycle === n && d.status === 'open')) return 'ESCROW_DISPUTED';
  const paid = g.contributions
    .filter((c) => c.cycle === n && c.status === 'paid')
    .sort((a, b) => a.paidAt! - b.paidAt! || a.id - b.id);
  const needed = membersNeeded(g.members.length, percent);
  if (paid.length < needed) return 'PAYOUT_NOT_READY';
  const lock = ruleOn(g, 'time_lock');
  const readyAt = paid[needed - 1]!.paidAt!;
  if (!ignoreTimeLock && lock && w.r.clock.now().getTime() < readyAt + lock.hours! * HOUR_MS)
    return 'ESCROW_TIME_LOCKED';
  return null;
}

export type Verdict = { refused: ErrorCode } | { ask: number } | { pay: true };

/**
 * What a release does under the circle's safeguards: custody refuses a hand-over outside the app;
 * multi-signature turns it into a request for approvals (one open request per cycle), unless the
 * approvals are in; otherwise every gate applies and the reserve must cover any shortfall.
 */
export function releaseVerdict(
  w: World,
  g: MGroup,
  requester: number | null,
  release: Release,
  approved: boolean,
): Verdict {
  if (ruleOn(g, 'third_party_custody') && release.delivery.delivery === 'off_app')
    return { refused: 'CUSTODY_WALLET_ONLY' };
  const signatures = approved ? null : ruleOn(g, 'multi_signature');
  const blocker = releaseBlocker(w, g, release.cycle, release.percent, signatures !== null);
  if (blocker) return { refused: blocker };
  if (signatures) {
    const subject = `cycle:${release.cycle}`;
    if (g.actions.some((a) => a.type === 'release_escrow' && a.subject === subject && isOpen(a)))
      return { refused: 'ACTION_ALREADY_PENDING' };
    const approvers = g.members.filter((u) => u !== requester).length;
    return { ask: Math.max(1, Math.min(signatures.requiredApprovals!, approvers)) };
  }
  const shortfall = poolOf(g) - (g.escrowCents.get(release.cycle) ?? 0);
  return shortfall > g.reserveCents ? { refused: 'PAYOUT_NOT_READY' } : { pay: true };
}

/** A new pending action in the model; its id is the database's. */
export function newAction(
  w: World,
  g: MGroup,
  id: number,
  fields: Pick<
    MAction,
    'type' | 'subject' | 'requestedBy' | 'required' | 'release' | 'change' | 'excluded' | 'only'
  >,
): MAction {
  const action: MAction = {
    id,
    ...fields,
    approvers: [],
    status: 'pending',
    executed: false,
    blockedBy: null,
    expiresAt: w.r.clock.now().getTime() + ACTION_TTL_MS,
  };
  g.actions.push(action);
  return action;
}

/**
 * Runs an approved action: the release with every gate but signatures, or the safeguard change.
 * What holds it back is kept as `blockedBy` and nothing else changes; returns that, or null.
 */
export async function executeAction(w: World, g: MGroup, action: MAction): Promise<ErrorCode | null> {
  const blocked = (code: ErrorCode) => {
    action.blockedBy = code;
    w.stats.blocked[code] = (w.stats.blocked[code] ?? 0) + 1;
    return code;
  };
  if (action.change) {
    const { rule, enabled, config } = action.change;
    g.safeguards.set(rule, { enabled, config });
  } else if (action.type === 'remove_member') {
    const refused = await carryOutRemoval(w, g, action);
    if (refused) return blocked(refused);
  } else {
    const verdict = releaseVerdict(w, g, action.requestedBy, action.release!, true);
    if ('refused' in verdict) return blocked(verdict.refused);
    await payOut(w, g, action.release!.delivery);
  }
  action.executed = true;
  action.blockedBy = null;
  return null;
}

/** The outcome the service returned for a release the model has judged. */
export type ReleaseResult = { released: MPayout } | { action: MAction };

/** Carries out a verdict that was not a refusal: pays, or records the request for approvals. */
export async function applyVerdict(
  w: World,
  g: MGroup,
  verdict: Verdict,
  requester: number | null,
  release: Release,
  actionId: () => number,
): Promise<ReleaseResult> {
  if ('ask' in verdict) {
    w.stats.releaseRequests += 1;
    return {
      action: newAction(w, g, actionId(), {
        type: 'release_escrow',
        subject: `cycle:${release.cycle}`,
        requestedBy: requester,
        required: verdict.ask,
        release,
      }),
    };
  }
  return { released: await payOut(w, g, release.delivery) };
}
