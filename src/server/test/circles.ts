import { expect } from 'vitest';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import type { SandboxBehaviour } from '#shared/bank.ts';
import { get, post, signUp } from './http-helpers.ts';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export const DAY = 86_400_000;
export type Person = Awaited<ReturnType<typeof signUp>>;

/**
 * An active monthly circle made through the API: the admin creates it, the others join by invite
 * code. Its first contributions fall due four days after the test clock's day (UTC), grace 3 days.
 */
export async function activeCircle(t: TestApp, size = 3, options: Record<string, unknown> = {}) {
  const admin = await signUp(t.app);
  const firstDue = new Date(t.clock.now().getTime() + 4 * DAY);
  const created = await post(
    t.app,
    '/api/groups',
    {
      name: 'Market street susu',
      contributionAmount: '100.00',
      memberLimit: size,
      frequency: 'monthly',
      contributionDay: firstDue.getUTCDate(),
      startDate: firstDue.toISOString().slice(0, 10),
      gracePeriodDays: 3,
      ...options,
    },
    admin.auth,
  );
  expect(created.statusCode, created.body).toBe(201);
  const group = created.json();
  const members: Person[] = [admin];
  for (let i = 1; i < size; i++) {
    const member = await signUp(t.app);
    const joined = await post(
      t.app,
      `/api/groups/${group.id}/join`,
      { inviteCode: group.inviteCode },
      member.auth,
    );
    expect(joined.statusCode, joined.body).toBe(200);
    members.push(member);
  }
  const detail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
  expect(detail.group.status).toBe('active');
  return { admin, members, groupId: group.id as number, detail };
}

let accounts = 0;
/** A linked, verified sandbox bank account with the given test behaviour (no micro-deposit dance). */
export async function verifiedBank(t: TestApp, userId: number, behaviour: SandboxBehaviour = 'succeeds') {
  accounts += 1;
  const [row] = await t.db
    .insert(bankAccounts)
    .values({
      userId,
      provider: 'sandbox',
      providerRef: `sbx_ba_test_${userId}_${accounts}`,
      providerData: { testBehaviour: behaviour },
      bankName: 'Test Credit Union',
      last4: '6789',
      fingerprint: `fp-${userId}-${accounts}`,
      accountType: 'checking',
      status: 'verified',
      verifiedAt: t.clock.now(),
    })
    .returning();
  return row!;
}

let fundings = 0;
/** Puts money in a wallet as a payout would (external → wallet). */
export async function fundWallet(t: TestApp, userId: number, cents: number) {
  fundings += 1;
  await postTransfer(t.db, {
    idempotencyKey: `test-funding:${process.pid}:${fundings}`,
    kind: 'payout',
    userId,
    at: t.clock.now(),
    legs: [
      { account: { kind: 'external', name: 'bank' }, amountCents: -cents },
      { account: { kind: 'wallet', userId }, amountCents: cents },
    ],
  });
}

/** Delivers the sandbox's pending settlements now (they are due after a delay in real time). */
export const settle = (t: TestApp) => t.jobs!.drain({ only: ['payment-event'], includeDelayed: true });

/** Records every member's cash for the current cycle (admin). */
export async function everyonePaysCash(t: TestApp, admin: Person, groupId: number, members: Person[]) {
  for (const member of members) {
    const reply = await post(
      t.app,
      `/api/groups/${groupId}/contributions/record`,
      { userId: member.id, method: 'cash' },
      admin.auth,
    );
    expect(reply.statusCode, reply.body).toBe(200);
  }
}
