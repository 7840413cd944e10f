import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, sessions, users } from '#server/db/schema.ts';
import { activeCircle, everyonePaysCash, verifiedBank } from '#server/test/circles.ts';
import { get } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('my data export (%s)', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t?.close());

  it("holds the user's contributions and nothing secret or another member's", async () => {
    const circle = await activeCircle(t, 3);
    await everyonePaysCash(t, circle.admin, circle.groupId, circle.members);
    const [admin, member, other] = circle.members as [
      typeof circle.admin,
      typeof circle.admin,
      typeof circle.admin,
    ];
    await verifiedBank(t, member.id);

    const reply = await get(t.app, '/api/account/export', member.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-disposition']).toBe(
      'attachment; filename="savecircle-data-2026-03-01.json"',
    );
    const data = reply.json();
    expect(data.profile).toMatchObject({ id: member.id, fullName: member.fullName });
    expect(data.contributions).toEqual([
      expect.objectContaining({ groupId: circle.groupId, cycle: 1, status: 'paid', amountCents: 10_000 }),
    ]);
    expect(data.memberships).toEqual([expect.objectContaining({ groupId: circle.groupId })]);
    expect(data.bankAccounts).toEqual([expect.objectContaining({ last4: '6789' })]);
    expect(data.sessions.length).toBeGreaterThan(0);

    const text = reply.body;
    const [me] = await t.db.select().from(users).where(eq(users.id, member.id));
    const [bank] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, member.id));
    const tokenHashes = await t.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(text).not.toContain(me!.passwordHash);
    expect(text).not.toContain('$argon2');
    for (const row of tokenHashes) expect(text).not.toContain(row.tokenHash);
    expect(text).not.toContain(bank!.fingerprint);
    expect(text).not.toContain(bank!.providerRef);
    expect(text).not.toMatch(/passwordHash|tokenHash|fingerprint/);
    // Other members: not their names, ids as contributors, emails or their contributions.
    for (const person of [admin, other]) expect(text).not.toContain(person.fullName);
    const [otherRow] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect(text).not.toContain(otherRow!.email);
  });

  it('gives the money history as CSV, the same rows the history page shows', async () => {
    const circle = await activeCircle(t, 3);
    await everyonePaysCash(t, circle.admin, circle.groupId, circle.members);
    const member = circle.members[1]!;
    const csv = await get(t.app, '/api/account/export.csv', member.auth);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="savecircle-money-2026-03-01\.csv"$/,
    );
    const [header, ...rows] = csv.body.trimEnd().split('\r\n');
    expect(header).toBe('date,circle,kind,cycle,amount,status,net_after');
    const history = (await get(t.app, '/api/user/history', member.auth)).json().entries;
    expect(rows).toHaveLength(history.length);
    expect(rows).toEqual(
      [...history]
        .reverse()
        .map(
          (e: {
            at: string;
            groupName: string;
            type: string;
            cycle: number;
            amount: string;
            status: string;
          }) => `${e.at},${e.groupName},${e.type},${e.cycle},-${e.amount},${e.status},-${e.amount}`,
        ),
    );
  });

  it('needs a session', async () => {
    expect((await get(t.app, '/api/account/export')).statusCode).toBe(401);
    expect((await get(t.app, '/api/account/export.csv')).statusCode).toBe(401);
  });
});
