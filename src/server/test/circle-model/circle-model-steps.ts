import { approveStep, processPayoutStep, releaseFundsStep } from './circle-model-approvals.ts';
import { at } from './circle-model-arithmetic.ts';
import { collect, confirm, freeze, penalty, receipt, report } from './circle-model-classic.ts';
import type { Cmd } from './circle-model-commands.ts';
import { approveRemovalStep, leaveStep, payDebtStep, removeStep } from './circle-model-departures.ts';
import { advance } from './circle-model-due.ts';
import { actorFor, groupAt, userFor } from './circle-model-harness.ts';
import { create, fill, join } from './circle-model-lifecycle.ts';
import { recordCash } from './circle-model-money.ts';
import { linkBank, requestDebit, toggleAutopay } from './circle-model-rails.ts';
import { changeSafeguard, configurationFor, disputeStep, resolveStep } from './circle-model-safeguards.ts';
import { changeSettings } from './circle-model-settings.ts';
import { bankSettles } from './circle-model-settle.ts';
import type { MGroup, World } from './circle-model-state.ts';
import { withdrawStep } from './circle-model-withdrawals.ts';

type Of<T extends Cmd['type']> = Extract<Cmd, { type: T }>;

/** Every unpaid member of the current cycle pays by bank, linking an account first if they have none. */
async function bankRound(w: World, g: MGroup, cmd: Of<'bankRound'>, label: string) {
  const unpaid = g.contributions.filter((c) => c.cycle === g.currentCycle && c.status !== 'paid');
  for (const c of g.status === 'active' ? unpaid : []) {
    if (!w.m.banks.get(c.userId)?.some((b) => b.verified)) await linkBank(w, c.userId, cmd.behaviour, true);
    if (cmd.autopay) {
      if (g.schedules.get(c.userId)?.status !== 'active')
        await toggleAutopay(w, g, c.userId, c.userId, true, `${label} auto-pay ${c.userId}`);
    } else await requestDebit(w, g, c.userId, undefined, false, `${label} debit ${c.userId}`);
  }
  if (cmd.settle) await bankSettles(w, `${label} settle`);
}

/** 0 names the member's oldest unpaid cycle (one the reserve covered, say), else the current one. */
function cycleToPay(g: MGroup, userId: number, cycle: number | undefined) {
  if (cycle !== 0) return cycle;
  return g.contributions.find((c) => c.userId === userId && c.status !== 'paid')?.cycle ?? g.currentCycle;
}

export async function step(w: World, cmd: Cmd, label: string) {
  const { m } = w;
  switch (cmd.type) {
    case 'create':
      return create(w, cmd, label);
    case 'advance':
      return advance(w, cmd, label);
    case 'settle':
      return bankSettles(w, label, cmd.replay);
    case 'withdraw':
      return withdrawStep(w, cmd, label);
    case 'approve':
      return approveStep(w, m.groups[m.groups.length - 1]!, cmd, label);
    case 'resolve':
      return resolveStep(w, m.groups[m.groups.length - 1]!, cmd, label);
  }
  const g = groupAt(m.groups, cmd.group);
  switch (cmd.type) {
    case 'join':
      return join(w, g, at(m.users, cmd.user), label);
    case 'fill':
      return fill(w, g, cmd.user, label);
    case 'report':
      return report(w, g, cmd, label);
    case 'confirm':
      return confirm(w, g, cmd, label);
    case 'record': {
      const userId = userFor(m, g, cmd.member, cmd.user);
      const actor = actorFor(m, g, cmd.actor, cmd.user);
      return recordCash(w, g, actor, userId, cycleToPay(g, userId, cmd.cycle), cmd.method, label);
    }
    case 'collect':
    case 'round':
      return collect(w, g, cmd, label);
    case 'payout':
      return processPayoutStep(
        w,
        g,
        actorFor(m, g, cmd.actor, cmd.group),
        cmd.cycle ?? g.currentCycle,
        label,
        cmd.delivery === 'off_app' ? cmd.method : undefined,
      );
    case 'receipt':
      return receipt(w, g, cmd, label);
    case 'freeze':
      return freeze(w, g, cmd, label);
    case 'penalty':
      return penalty(w, g, cmd, label);
    case 'link':
      return linkBank(w, userFor(m, g, cmd.member, cmd.user), cmd.behaviour, cmd.verified);
    case 'debit': {
      const userId = userFor(m, g, cmd.member, cmd.user);
      return requestDebit(w, g, userId, cycleToPay(g, userId, cmd.cycle), cmd.retry, label);
    }
    case 'bankRound':
      return bankRound(w, g, cmd, label);
    case 'autopay': {
      const userId = userFor(m, g, true, cmd.user);
      const actor = cmd.other ? (userId === g.admin ? at(m.users, cmd.user + 1) : g.admin) : userId;
      return toggleAutopay(w, g, actor, userId, cmd.on, label);
    }
    case 'safeguard': {
      const on = [...g.safeguards].filter(([, s]) => s.enabled).map(([rule]) => rule);
      const rule = cmd.existing && on.length > 0 ? at(on, cmd.group) : cmd.rule;
      const actor = actorFor(m, g, cmd.actor, cmd.group);
      return changeSafeguard(w, g, actor, rule, cmd.enabled, configurationFor(rule, cmd.settings), label);
    }
    case 'release':
      return releaseFundsStep(w, g, cmd.cycle ?? g.currentCycle, cmd.actor, cmd.group, label);
    case 'leave':
      return leaveStep(w, g, cmd.user, label);
    case 'remove':
      return removeStep(w, g, cmd, label);
    case 'approveRemoval':
      return approveRemovalStep(w, g, cmd, label);
    case 'payDebt':
      return payDebtStep(w, g, cmd.which, label);
    case 'settings':
      return changeSettings(w, g, actorFor(m, g, cmd.actor, cmd.group), cmd, label);
    case 'dispute':
      return disputeStep(w, g, cmd.cycle ?? g.currentCycle, userFor(m, g, cmd.member, cmd.user), label);
  }
}
