import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions } from '#server/db/groups-schema.ts';
import {
  activeCircle,
  DAY,
  everyonePaysCash,
  fundWallet,
  type Person,
  verifiedBank,
} from '#server/test/circles.ts';
import { post, put, type Reply } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

/**
 * Every route of the money-rails issue, called as each kind of caller: no unexpected success.
 * Roles are tried from the least to the most entitled, so a refusal never depends on state an
 * allowed call changed. A caller who is not allowed must be refused (401, 403 or 404; 400 for a
 * body naming someone else) and nothing else; an allowed caller must get past authorization: a
 * success, or a business answer such as 409 (already paid, disputed), never 401/403/404 or a 5xx.
 */
type Role = 'anonymous' | 'outsider' | 'otherAdmin' | 'member' | 'admin';
const ROLES: Role[] = ['anonymous', 'outsider', 'otherAdmin', 'member', 'admin'];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type World = {
  groupId: number;
  escrowId: number;
  actionId: number;
  disputeId: number;
  overdueContributionId: number;
  memberLinkSession: string;
  order: number[];
  people: Record<Exclude<Role, 'anonymous'>, Person>;
  /** Each person's own bank account id. */
  bank: Record<string, number>;
};

type Case = {
  name: string;
  method: Method;
  url: (w: World, caller: Person | null) => string;
  body?: (w: World, caller: Person | null) => object;
  allowed: Role[];
  /** Roles for which the case does not apply (the owner of a resource named as someone else's). */
  skip?: Role[];
  /** A refusal this route words as a business answer (someone else's account is no destination). */
  refusal?: number;
};

const own = (caller: Person | null) => caller?.id ?? 1;

const cases: Case[] = [
  {
    name: 'wallet',
    method: 'GET',
    url: () => '/api/wallet',
    allowed: ['outsider', 'otherAdmin', 'member', 'admin'],
  },
  {
    name: 'withdrawals list',
    method: 'GET',
    url: () => '/api/withdrawals',
    allowed: ['outsider', 'otherAdmin', 'member', 'admin'],
  },
  {
    name: 'withdrawal request',
    method: 'POST',
    url: () => '/api/withdrawals/request',
    body: () => ({ method: 'bank_transfer', amount: '1.00' }),
    allowed: ['outsider', 'otherAdmin', 'member', 'admin'],
  },
  {
    name: 'withdrawal to someone else’s bank account',
    method: 'POST',
    url: () => '/api/withdrawals/request',
    body: (w) => ({ method: 'bank_transfer', amount: '1.00', bankAccountId: w.bank.member }),
    allowed: [],
    skip: ['member'],
    refusal: 409,
  },
  {
    name: 'withdrawal for someone else',
    method: 'POST',
    url: () => '/api/withdrawals/request',
    body: (w) => ({ method: 'bank_transfer', amount: '1.00', userId: w.people.member.id }),
    allowed: [],
    skip: ['member'],
  },
  {
    name: 'bank accounts',
    method: 'GET',
    url: () => '/api/user-bank-accounts',
    allowed: ['outsider', 'otherAdmin', 'member', 'admin'],
  },
  {
    name: 'payment provider',
    method: 'GET',
    url: () => '/api/payments/provider',
    allowed: ['outsider', 'otherAdmin', 'member', 'admin'],
  },
  {
    name: 'bank link session',
    method: 'POST',
    url: () => '/api/create-financial-connections-session',
    allowed: ['outsider', 'otherAdmin', 'member', 'admin'],
  },
  {
    name: 'someone else’s bank account: verify',
    method: 'POST',
    url: (w) => `/api/bank-accounts/${w.bank.member}/verify`,
    body: () => ({ amounts: ['0.12', '0.34'] }),
    allowed: [],
    skip: ['member'],
  },
  {
    name: 'someone else’s bank account: remove',
    method: 'DELETE',
    url: (w) => `/api/bank-accounts/${w.bank.member}`,
    allowed: [],
    skip: ['member'],
  },
  {
    name: 'someone else’s bank link session: complete',
    method: 'POST',
    url: () => '/api/complete-bank-connection',
    body: (w) => ({
      sessionId: w.memberLinkSession,
      account: {
        bankName: 'Harbor CU',
        routingNumber: '110000000',
        accountNumber: '000123456789',
        accountType: 'checking',
      },
    }),
    allowed: [],
    skip: ['member'],
  },
  {
    name: 'someone else’s bank link session: status',
    method: 'GET',
    url: (w) => `/api/bank-link-sessions/${w.memberLinkSession}`,
    allowed: [],
    skip: ['member'],
  },
  {
    name: 'process payout',
    method: 'POST',
    url: () => '/api/groups/process-payout',
    body: (w) => ({ groupId: w.groupId, cycleNumber: 1 }),
    allowed: ['admin'],
  },
  {
    name: 'adjust rotation',
    method: 'POST',
    url: () => '/api/groups/adjust-rotation',
    body: (w) => ({ groupId: w.groupId, newOrder: w.order }),
    allowed: ['admin'],
  },
  {
    name: 'pay by bank',
    method: 'POST',
    url: (w) => `/api/groups/${w.groupId}/contributions/bank-debit`,
    body: (w, caller) => ({ bankAccountId: w.bank[String(own(caller))] ?? 1 }),
    allowed: ['member', 'admin'],
  },
  {
    name: 'bank debits',
    method: 'GET',
    url: (w) => `/api/groups/${w.groupId}/bank-debits`,
    allowed: ['member', 'admin'],
  },
  {
    name: 'payment schedules',
    method: 'GET',
    url: (w) => `/api/groups/${w.groupId}/payment-schedules`,
    allowed: ['member', 'admin'],
  },
  {
    name: 'own auto-pay setup',
    method: 'POST',
    url: (w, caller) => `/api/groups/${w.groupId}/members/${own(caller)}/setup-auto-payments`,
    body: () => ({}),
    allowed: ['member', 'admin'],
  },
  {
    name: 'own auto-pay cancel',
    method: 'POST',
    url: (w, caller) => `/api/groups/${w.groupId}/members/${own(caller)}/cancel-auto-payments`,
    allowed: ['member', 'admin'],
  },
  {
    name: 'someone else’s auto-pay setup',
    method: 'POST',
    url: (w) => `/api/groups/${w.groupId}/members/${w.people.member.id}/setup-auto-payments`,
    body: () => ({}),
    allowed: ['member'],
  },
  {
    name: 'collection settings',
    method: 'PUT',
    url: (w) => `/api/groups/${w.groupId}/collection-settings`,
    body: () => ({ retryAttempts: 5 }),
    allowed: ['admin'],
  },
  {
    name: 'escrow tab',
    method: 'GET',
    url: (w) => `/api/groups/${w.groupId}/escrow`,
    allowed: ['member', 'admin'],
  },
  {
    name: 'escrow transactions',
    method: 'GET',
    url: (w) => `/api/escrow/${w.escrowId}/transactions`,
    allowed: ['member', 'admin'],
  },
  {
    name: 'open a dispute',
    method: 'POST',
    url: (w) => `/api/escrow/${w.escrowId}/disputes`,
    body: () => ({ reason: 'Counted twice' }),
    allowed: ['member', 'admin'],
  },
  {
    name: 'resolve someone else’s dispute',
    method: 'POST',
    url: (w) => `/api/escrow/disputes/${w.disputeId}/resolve`,
    body: () => ({ resolution: 'Recounted' }),
    allowed: ['admin'],
  },
  {
    name: 'safeguards',
    method: 'GET',
    url: (w) => `/api/groups/${w.groupId}/safeguards`,
    allowed: ['member', 'admin'],
  },
  {
    name: 'change a safeguard',
    method: 'PUT',
    url: (w) => `/api/groups/${w.groupId}/safeguards/time_lock`,
    body: () => ({ enabled: false }),
    allowed: ['admin'],
  },
  {
    name: 'pending actions',
    method: 'GET',
    url: (w) => `/api/groups/${w.groupId}/actions`,
    allowed: ['member', 'admin'],
  },
  {
    name: 'approve an action',
    method: 'POST',
    url: (w) => `/api/groups/${w.groupId}/actions/${w.actionId}/approve`,
    body: () => ({}),
    allowed: ['member'],
  },
  {
    name: 'release escrow',
    method: 'POST',
    url: () => '/api/escrow/release',
    body: (w) => ({ escrowId: w.escrowId }),
    allowed: ['admin'],
  },
  {
    name: 'payment monitoring',
    method: 'GET',
    url: (w) => `/api/groups/${w.groupId}/payment-monitoring`,
    allowed: ['member', 'admin'],
  },
  {
    name: 'send a reminder',
    method: 'POST',
    url: (w) => `/api/groups/${w.groupId}/members/${w.people.member.id}/remind`,
    allowed: ['admin'],
  },
  {
    name: 'apply a penalty',
    method: 'POST',
    url: (w) => `/api/contributions/${w.overdueContributionId}/penalty/apply`,
    allowed: ['admin'],
  },
  {
    name: 'own verification',
    method: 'GET',
    url: () => '/api/verification',
    allowed: ['outsider', 'otherAdmin', 'member', 'admin'],
  },
  {
    name: 'identity verification for someone else',
    method: 'POST',
    url: () => '/api/stripe/identity-verification',
    body: (w) => ({ userId: w.people.member.id }),
    allowed: ['member'],
  },
  {
    name: 'phone code for someone else',
    method: 'POST',
    url: () => '/api/verification/phone',
    body: (w) => ({ userId: w.people.member.id, phoneNumber: '+14155550123' }),
    allowed: ['member'],
  },
  {
    name: 'enhanced bank verification for someone else',
    method: 'POST',
    url: () => '/api/stripe/enhanced-bank-verification',
    body: (w) => ({ userId: w.people.member.id }),
    allowed: ['member'],
  },
  {
    name: 'circle verification',
    method: 'GET',
    url: (w) => `/api/groups/${w.groupId}/verification`,
    allowed: ['member', 'admin'],
  },
  {
    name: 'unsigned processor webhook',
    method: 'POST',
    url: () => '/api/stripe/webhook',
    body: () => ({ type: 'payout.paid', data: { object: { id: 'po_1' } } }),
    allowed: [],
  },
];

describe.each(testEngines)('who may call the money-rails routes, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
    const { admin, members, groupId } = await activeCircle(t, 3);
    const member = members[1]!;
    const outsider = (await activeCircle(t, 3)).members[2]!;
    const otherAdmin = (await activeCircle(t, 3)).admin;
    const people = { admin, member, outsider, otherAdmin };
    const bank: Record<string, number> = {};
    for (const person of Object.values(people)) {
      bank[String(person.id)] = (await verifiedBank(t, person.id)).id;
      await fundWallet(t, person.id, 10_000);
    }
    bank.member = bank[String(member.id)]!;
    // The third member's contribution stays unpaid and falls overdue; everyone else has paid.
    const late = members[2]!;
    const [overdue] = await t.db.select().from(contributions).where(eq(contributions.userId, late.id));
    t.clock.advance(8 * DAY);
    await everyonePaysCash(t, admin, groupId, [admin]);
    const escrow = (
      await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/escrow`, headers: admin.auth })
    ).json();
    const escrowId = escrow.escrows[0].id as number;
    // A pending action the admin asked for (members approve it), and a dispute a member opened.
    await put(
      t.app,
      `/api/groups/${groupId}/safeguards/multi_signature`,
      { enabled: true, configuration: { requiredApprovals: 1 } },
      admin.auth,
    );
    await put(t.app, `/api/groups/${groupId}/safeguards/time_lock`, { enabled: true }, admin.auth);
    await put(t.app, `/api/groups/${groupId}/safeguards/member_vote`, { enabled: true }, admin.auth);
    const order = (await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}`, headers: admin.auth }))
      .json()
      .cycles.map((c: { recipientId: number }) => c.recipientId);
    const asked = await post(
      t.app,
      '/api/groups/adjust-rotation',
      { groupId, newOrder: [...order].reverse() },
      admin.auth,
    );
    const dispute = await post(
      t.app,
      `/api/escrow/${escrowId}/disputes`,
      { reason: 'Not yet' },
      members[2]!.auth,
    );
    world = {
      groupId,
      escrowId,
      actionId: asked.json().pendingActionId,
      disputeId: dispute.json().disputeId,
      overdueContributionId: overdue!.id,
      memberLinkSession: (
        await post(t.app, '/api/create-financial-connections-session', {}, member.auth)
      ).json().sessionId,
      order,
      people,
      bank,
    };
  });
  afterAll(() => t.close());

  const call = (c: Case, caller: Person | null): Promise<Reply> =>
    t.app.inject({
      method: c.method,
      url: c.url(world, caller),
      ...(c.body ? { payload: c.body(world, caller) } : {}),
      headers: caller?.auth ?? {},
    }) as Promise<Reply>;

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const outcomes: string[] = [];
    for (const role of ROLES.filter((r) => !c.skip?.includes(r))) {
      const caller = role === 'anonymous' ? null : world.people[role];
      const reply = await call(c, caller);
      const status = reply.statusCode;
      const expected = c.allowed.includes(role)
        ? status < 500 && ![401, 403, 404].includes(status)
        : [400, 401, 403, 404, c.refusal].includes(status);
      if (!expected) outcomes.push(`${role}: ${status} ${reply.body.slice(0, 160)}`);
      // Signed-in routes turn the anonymous away as such; the webhook has no session, only a signature.
      if (role === 'anonymous' && c.name !== 'unsigned processor webhook') expect(status, c.name).toBe(401);
    }
    expect(outcomes, c.name).toEqual([]);
  });
});
