import { expect } from 'vitest';
import { processPayout } from '#server/features/escrow/process-payout.ts';
import { releaseEscrowById } from '#server/features/escrow/release-route.ts';
import { approveAction } from '#server/features/pending-actions/approve.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { at } from './circle-model-arithmetic.ts';
import {
  type ActorKind,
  actorFor,
  adminRefusal,
  attempt,
  BOGUS_ID,
  session,
} from './circle-model-harness.ts';
import { expectPayout } from './circle-model-money.ts';
import { applyVerdict, executeAction, releaseVerdict, type Verdict } from './circle-model-release.ts';
import {
  type Delivery,
  isOpen,
  type MAction,
  type Method,
  type MGroup,
  type World,
} from './circle-model-state.ts';

/** Process Payout (admin, from 95% paid), through the safeguards: paid, or a request for approvals. */
export async function processPayoutStep(
  w: World,
  g: MGroup,
  actor: number,
  n: number,
  label: string,
  offApp?: Method,
) {
  const delivery: Delivery = offApp ? { delivery: 'off_app', method: offApp } : { delivery: 'wallet' };
  const release = { cycle: n, percent: 95, delivery };
  const before = adminRefusal(g, actor) ?? (g.frozen ? 'GROUP_FROZEN' : null);
  const verdict: Verdict = before ? { refused: before } : releaseVerdict(w, g, actor, release, false);
  const outcome = await attempt(w, label, 'refused' in verdict ? verdict.refused : null, () =>
    processPayout(w.r.ctx, session(w.m, actor), g.id, n, delivery),
  );
  if (!outcome) return;
  const result = await applyVerdict(w, g, verdict, actor, release, () =>
    'pendingAction' in outcome ? outcome.pendingAction.id : -1,
  );
  checkRelease(label, outcome, result);
}

/** Release Funds (admin, by escrow id): the circle's own threshold, into the wallet. */
export async function releaseFundsStep(
  w: World,
  g: MGroup,
  n: number,
  kind: ActorKind,
  i: number,
  label: string,
) {
  const cycle = g.cycles[n - 1];
  const upcoming = cycle && !cycle.paidOut && cycle.number > g.currentCycle;
  const actor = actorFor(w.m, g, kind, i);
  const release = { cycle: n, percent: g.threshold, delivery: { delivery: 'wallet' as const } };
  const before: ErrorCode | null =
    !cycle || upcoming ? 'ESCROW_NOT_FOUND' : adminRefusal(g, actor, 'ESCROW_NOT_FOUND');
  const verdict: Verdict = before ? { refused: before } : releaseVerdict(w, g, actor, release, false);
  // Release Funds is offered only for a ready escrow: "not enough paid" reads "not ready" there.
  const expected =
    'refused' in verdict
      ? verdict.refused === 'PAYOUT_NOT_READY'
        ? 'ESCROW_NOT_READY'
        : verdict.refused
      : null;
  const outcome = await attempt(w, label, expected, () =>
    releaseEscrowById(w.r.ctx, session(w.m, actor), cycle?.id ?? BOGUS_ID),
  );
  if (!outcome) return;
  w.stats.releaseFunds += 1;
  const result = await applyVerdict(w, g, verdict, actor, release, () =>
    'pendingAction' in outcome ? outcome.pendingAction.id : -1,
  );
  checkRelease(label, outcome, result);
}

function checkRelease(
  label: string,
  outcome: { released: unknown } | { pendingAction: { requiredApprovals: number; status: string } },
  result: Awaited<ReturnType<typeof applyVerdict>>,
) {
  if ('released' in result) {
    expect('released' in outcome, `${label}: released at once`).toBe(true);
    if ('released' in outcome) expectPayout(label, outcome.released, result.released);
  } else {
    expect('pendingAction' in outcome, `${label}: waits for approvals`).toBe(true);
    if ('pendingAction' in outcome)
      expect(outcome.pendingAction, label).toMatchObject({
        requiredApprovals: result.action.required,
        status: 'pending',
      });
  }
}

export type ApproverKind = 'member' | 'requester' | 'outsider' | 'admin';

/** approveAction's refusals, in its order. */
function approvalRefusal(w: World, g: MGroup, action: MAction | undefined, actor: number): ErrorCode | null {
  if (!g.members.includes(actor)) return 'GROUP_NOT_FOUND';
  if (!action) return 'ACTION_NOT_FOUND';
  if (action.status !== 'pending' || action.expiresAt <= w.r.clock.now().getTime())
    return 'ACTION_NOT_PENDING';
  if (action.requestedBy === actor) return 'OWN_ACTION';
  if (action.excluded?.includes(actor) || (action.only && !action.only.includes(actor)))
    return 'NOT_AN_APPROVER';
  if (action.approvers.includes(actor)) return 'ALREADY_APPROVED';
  return null;
}

/** One member approves; the approval that completes the count runs the action (or it waits). */
export async function approve(
  w: World,
  g: MGroup,
  action: MAction | undefined,
  actor: number,
  label: string,
) {
  const expected = approvalRefusal(w, g, action, actor);
  const done = await attempt(w, label, expected, () =>
    approveAction(w.r.ctx, session(w.m, actor), g.id, action?.id ?? BOGUS_ID),
  );
  if (!done || !action) return;
  w.stats.approvals += 1;
  action.approvers.push(actor);
  let blockedBy: ErrorCode | null = null;
  if (action.approvers.length >= action.required) {
    action.status = 'approved';
    blockedBy = await executeAction(w, g, action);
    if (!blockedBy) w.stats.executedAtOnce += 1;
  }
  expect(done, label).toEqual({
    status: action.status,
    currentApprovals: action.approvers.length,
    blockedBy,
  });
}

/**
 * Approvals by random people: mostly an action still open (in any of the run's groups), by a member
 * who has not approved it; sometimes its requester, an outsider, or every member in turn.
 */
export async function approveStep(
  w: World,
  g: MGroup,
  cmd: { which: number; actor: ApproverKind; all: boolean },
  label: string,
) {
  // Proposed removals are approved by the departure commands, which know what they do.
  const votable = (og: MGroup) => og.actions.filter((a) => a.type !== 'remove_member');
  const open = w.m.groups.flatMap((og) =>
    votable(og)
      .filter(isOpen)
      .map((a) => ({ g: og, a })),
  );
  const any = w.m.groups.flatMap((og) => votable(og).map((a) => ({ g: og, a })));
  const pool = cmd.which % 4 !== 0 && open.length > 0 ? open : any;
  const chosen = cmd.which % 10 === 9 || pool.length === 0 ? { g, a: undefined } : at(pool, cmd.which);
  const { a: action } = chosen;
  const ag = chosen.g;
  if (cmd.all && action) {
    for (const u of ag.members.filter((x) => x !== action.requestedBy && !action.approvers.includes(x))) {
      if (action.status !== 'pending') break;
      await approve(w, ag, action, u, `${label} by ${u}`);
    }
    return;
  }
  const fresh = ag.members.filter((u) => u !== action?.requestedBy && !action?.approvers.includes(u));
  const actor =
    cmd.actor === 'requester' && action?.requestedBy
      ? action.requestedBy
      : cmd.actor === 'admin'
        ? ag.admin
        : cmd.actor === 'member' && fresh.length > 0
          ? at(fresh, cmd.which)
          : actorFor(w.m, ag, cmd.actor === 'outsider' ? 'outsider' : 'member', cmd.which);
  await approve(w, ag, action, actor, label);
}
