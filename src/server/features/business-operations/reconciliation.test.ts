import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDebits, users } from '#server/db/schema.ts';
import { activeCircle, type Person, settle, verifiedBank } from '#server/test/circles.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

/** The bank-debit side of reconciliation: what the bank settled against what the ledger took in. */
describe.each(testEngines)('reconciliation of bank debits on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let operator: Person;
  let debitId: number;
  const reconciliation = async () => {
    const reply = await get(t.app, '/api/operations/financial?period=week', operator.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().reconciliation;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
    operator = await signUp(t.app);
    await t.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.id));
    // Two members pay $100.00 from their banks; the sandbox settles both.
    const { members, groupId } = await activeCircle(t);
    for (const member of members.slice(1)) {
      await verifiedBank(t, member.id);
      const paid = await post(t.app, `/api/groups/${groupId}/contributions/bank-debit`, {}, member.auth);
      expect(paid.statusCode, paid.body).toBe(202);
    }
    await settle(t);
    const settled = await t.db.select().from(bankDebits).where(eq(bankDebits.status, 'succeeded'));
    expect(settled).toHaveLength(2);
    debitId = settled[0]!.id;
    // The test clock stands still, and a period ends just before now.
    t.clock.advance(60_000);
  });
  afterAll(() => t.close());

  it('matches each settled debit to the contribution the ledger took in', async () => {
    expect(await reconciliation()).toEqual({
      settledCount: 2,
      providerCents: 20_000,
      ledgerCents: 20_000,
      differenceCents: 0,
      differences: [],
    });
  });

  it('lists the debit the bank settled for another amount than the ledger moved', async () => {
    await t.db.update(bankDebits).set({ amountCents: 9_900 }).where(eq(bankDebits.id, debitId));
    const body = await reconciliation();
    expect(body).toMatchObject({ settledCount: 2, providerCents: 19_900, ledgerCents: 20_000 });
    expect(body.differenceCents).toBe(-100);
    expect(body.differences).toEqual([
      expect.objectContaining({
        source: 'bank_debit',
        id: debitId,
        providerCents: 9_900,
        ledgerCents: 10_000,
        differenceCents: -100,
      }),
    ]);
  });
});
