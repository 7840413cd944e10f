import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/client.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import type { AppJobQueue } from '#server/jobs/app-jobs.ts';
import type { TestClock } from '#server/test/test-clock.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { type SafeguardType, safeguardTypes } from '#shared/safeguards.ts';
import type { WithdrawalMethod } from '#shared/withdrawals.ts';
import type { Stats } from './circle-model-stats.ts';

/** The circle model's picture of the world, written from PRODUCT.md; the database must agree with it. */

export const METHODS = ['cash', 'bank_transfer', 'mobile_money', 'check', 'other'] as const;
export type Method = (typeof METHODS)[number];
export type Frequency = 'weekly' | 'bi-weekly' | 'monthly';
export type Rotation = 'join_order' | 'admin_set' | 'random_draw';
export type Behaviour = 'succeeds' | 'debit_insufficient_funds' | 'payout_fails';
/** The rules' names are the API's vocabulary; what each one does, the model restates on its own. */
export const RULES = safeguardTypes;
export type Rule = SafeguardType;

export type MContribution = {
  id: number;
  cycle: number;
  userId: number;
  amountCents: number;
  dueDate: string;
  status: 'pending' | 'reported' | 'processing' | 'paid';
  paymentMethod: string;
  late: boolean;
  penaltyCents: number;
  penaltyStatus: 'none' | 'owed' | 'paid' | 'waived';
  /** When it settled (ms): the time lock counts from the moment enough had arrived. */
  paidAt: number | null;
};
/** `id` is the cycle's row id, which the API calls the escrow id. */
export type MCycle = {
  id: number;
  number: number;
  dueOn: string;
  payoutOn: string;
  recipient: number;
  paidOut: boolean;
};
export type MPayout = {
  cycle: number;
  recipientId: number;
  amountCents: number;
  feeCents: number;
  poolCents: number;
  delivery: 'wallet' | 'off_app';
  receiptStatus: 'not_needed' | 'awaiting' | 'confirmed' | 'disputed';
};
export type Delivery = { delivery: 'wallet' } | { delivery: 'off_app'; method: Method };
/** A release of a cycle's escrow: `percent` of the members must have paid (95 for Process Payout). */
export type Release = { cycle: number; percent: number; delivery: Delivery };
export type SafeguardSetting = { enabled: boolean; config: Record<string, number> };
export type MAction = {
  id: number;
  type: 'release_escrow' | 'update_safeguard' | 'remove_member';
  subject: string;
  requestedBy: number | null;
  required: number;
  approvers: number[];
  /** As stored: a pending action past its expiry stays `pending` until due work expires it. */
  status: 'pending' | 'approved' | 'expired';
  executed: boolean;
  blockedBy: ErrorCode | null;
  expiresAt: number;
  release?: Release;
  change?: { rule: Rule } & SafeguardSetting;
  /** Who may not approve (the member a removal is about), and, when set, the only ones who may. */
  excluded?: number[];
  only?: number[];
};
export type MDispute = {
  id: number;
  cycle: number;
  openedBy: number;
  status: 'open' | 'resolved';
  resolvedBy: number | null;
};
export type MSchedule = { bankId: number; status: 'active' | 'inactive' | 'failed'; failureCount: number };

export type MGroup = {
  id: number;
  /** What people join with. */
  inviteCode: string;
  admin: number;
  limit: number;
  cents: number;
  grace: number;
  penaltyPercent: number;
  autoPayout: boolean;
  /** Minimum contribution threshold (per cent) for Release Funds and the automatic payout. */
  threshold: number;
  /** Auto-pay retries after a failed debit (collection settings). */
  retries: number;
  timeZone: string;
  frequency: Frequency;
  contributionDay: number;
  startDate: string;
  rotation: Rotation;
  seedHash: string | null;
  /** In join order. */
  members: number[];
  /** Recipients by cycle, fixed at activation. */
  order: number[];
  status: 'recruiting' | 'active' | 'completed';
  currentCycle: number;
  cycles: MCycle[];
  contributions: MContribution[];
  payouts: MPayout[];
  reserveCents: number;
  /** Shared out of the reserve among members without debts, after completion. */
  distributedCents: number;
  frozen: boolean;
  escrowCents: Map<number, number>;
  /** Stored safeguard rows (a rule never changed has none and is off). */
  safeguards: Map<Rule, SafeguardSetting>;
  actions: MAction[];
  disputes: MDispute[];
  schedules: Map<number, MSchedule>;
  /** Members' standing (missing means active); group settings' max missed payments and auto-remove. */
  standing: Map<number, 'active' | 'inactive'>;
  maxMissed: number;
  autoRemove: boolean;
  /** The grace period each cycle's contributions were opened with (a settings change keeps it). */
  graceOf: Map<number, number>;
  /** The emergency fund (decision 0030): this per cent of each contribution goes to the reserve. */
  emergencyPercent: number;
  /** Debts to the reserve left by departures (docs/decisions/0029), in the order they were made. */
  debts: MDebt[];
};
export type MDebt = { id: number; userId: number; reason: string; amountCents: number; paidCents: number };

export type MBank = { id: number; behaviour: Behaviour; verified: boolean };
export type MDebit = {
  id: number;
  groupId: number;
  contributionId: number;
  userId: number;
  bankId: number;
  behaviour: Behaviour;
  source: 'manual' | 'autopay';
  attempt: number;
  status: 'processing' | 'succeeded' | 'failed';
  startedAt: number;
  settledAt: number | null;
};
export type MWithdrawal = {
  id: number;
  userId: number;
  method: WithdrawalMethod;
  amountCents: number;
  feeCents: number;
  status: 'processing' | 'completed' | 'failed';
  createdAt: number;
  /** The processor's answer: a bank payout to a "payout fails" test account fails. */
  fails: boolean;
};
/** A processor outcome waiting in the job queue. */
export type MEvent = { kind: 'debit'; debit: MDebit } | { kind: 'withdrawal'; withdrawal: MWithdrawal };

export type Model = {
  users: number[];
  sessions: Map<number, SessionUser>;
  groups: MGroup[];
  wallets: Map<number, number>;
  /** Changes since the run started, for accounts every run shares. */
  feeCents: number;
  cashCents: number;
  bankCents: number;
  reminders: Set<string>;
  banks: Map<number, MBank[]>;
  debits: MDebit[];
  withdrawals: MWithdrawal[];
  /** In the order they were queued, which is the order the queue delivers them. */
  events: MEvent[];
  /** For idempotency keys unique within the run. */
  keys: number;
};
export type Real = {
  ctx: AppContext;
  clock: TestClock;
  db: Db;
  jobs: AppJobQueue;
  base: Record<string, number>;
};

/** What every step works on. */
export type World = { m: Model; r: Real; stats: Stats };

/** The model's effective setting of a rule: its stored row, or off. */
export function ruleOn(g: MGroup, rule: Rule): Record<string, number> | null {
  const setting = g.safeguards.get(rule);
  return setting?.enabled ? setting.config : null;
}

/** Open as the database counts it: pending (even past expiry, until due work runs), or approved and not run. */
export const isOpen = (a: MAction) => a.status === 'pending' || (a.status === 'approved' && !a.executed);

export const walletOf = (m: Model, userId: number) => m.wallets.get(userId) ?? 0;
export const heldOf = (m: Model, userId: number) =>
  m.withdrawals
    .filter((w) => w.userId === userId && w.status === 'processing')
    .reduce((sum, w) => sum + w.amountCents + w.feeCents, 0);
export const credit = (m: Model, userId: number, cents: number) =>
  m.wallets.set(userId, walletOf(m, userId) + cents);
export const verifiedBanks = (m: Model, userId: number) =>
  (m.banks.get(userId) ?? []).filter((b) => b.verified);
