import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions, groupMembers } from '#server/db/groups-schema.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { activeCircle, type Person } from '#server/test/circles.ts';
import { del, post } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

// PGlite runs one transaction at a time and hides races; PostgreSQL is where these bite.
describe.each(testEngines)('removal races on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual' });
  });
  afterAll(() => t.close());

  const coAdmin = (groupId: number, who: Person) =>
    t.db
      .update(groupMembers)
      .set({ role: 'admin' })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, who.id)));

  it('two admins remove the same member at once: one succeeds, the other is told the member is gone', async () => {
    for (let round = 0; round < 3; round++) {
      const { admin, members, groupId } = await activeCircle(t, 4);
      const [, co, , target] = members as [Person, Person, Person, Person];
      await coAdmin(groupId, co);
      const replies = await Promise.all([
        del(t.app, `/api/groups/${groupId}/members/${target.id}`, admin.auth),
        del(t.app, `/api/groups/${groupId}/members/${target.id}`, co.auth),
      ]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      expect(replies.find((r) => r.statusCode === 404)!.json().code).toBe('MEMBER_NOT_FOUND');
      const [{ n }] = (await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(groupMembers)
        .where(eq(groupMembers.groupId, groupId))) as [{ n: number }];
      expect(n).toBe(3);
    }
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('a removal racing the confirmation of the member’s payment: no money is left in escrow for a deleted row', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const { admin, members, groupId } = await activeCircle(t, 4);
      const [, co, , target] = members as [Person, Person, Person, Person];
      await coAdmin(groupId, co);
      const reported = await post(
        t.app,
        `/api/groups/${groupId}/contributions`,
        { method: 'cash' },
        target.auth,
      );
      expect(reported.statusCode, reported.body).toBe(200);
      const [row] = await t.db
        .select()
        .from(contributions)
        .where(and(eq(contributions.groupId, groupId), eq(contributions.userId, target.id)));
      const [confirm, removal] = await Promise.all([
        post(t.app, `/api/contributions/${row!.id}/confirm`, {}, co.auth),
        del(t.app, `/api/groups/${groupId}/members/${target.id}`, admin.auth),
      ]);
      expect(removal.statusCode, removal.body).toBe(200);
      outcomes.add(confirm.statusCode === 200 ? 'confirmed first' : confirm.json().code);
      const escrow = await balanceOf(t.db, { kind: 'escrow', groupId, cycle: 1 });
      const reserve = await balanceOf(t.db, { kind: 'reserve', groupId });
      // Confirmed first: its 100 was forfeited to the reserve. Removed first: nothing moved.
      expect(escrow).toBe(0);
      expect(reserve).toBe(confirm.statusCode === 200 ? 10_000 : 0);
      const left = await t.db
        .select()
        .from(contributions)
        .where(and(eq(contributions.groupId, groupId), eq(contributions.userId, target.id)));
      expect(left).toEqual([]);
    }
    expect([...outcomes].every((o) => o === 'confirmed first' || o === 'CONTRIBUTION_NOT_FOUND')).toBe(true);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
