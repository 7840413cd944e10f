import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, groupMembers } from '#server/db/schema.ts';
import { sendReminders } from '#server/jobs/reminders.ts';
import {
  activeCircle,
  DAY,
  everyonePaysCash,
  type Person,
  settle,
  verifiedBank,
} from '#server/test/circles.ts';
import { get, post, put } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { payoutFeeCents } from '#shared/money.ts';

type Message = {
  id: number;
  userId: number | null;
  message: string;
  messageType: string;
  system: { kind: string; params: Record<string, string | number> } | null;
  user: { fullName: string } | null;
};

/** The app's own messages, posted in the transaction of the event they tell of. */
describe.each(testEngines)('the app’s messages in the chat on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
  });
  afterAll(() => t.close());

  const chat = async (groupId: number, who: Person) =>
    (await get(t.app, `/api/groups/${groupId}/messages?limit=100`, who.auth)).json() as Message[];
  const app = (messages: Message[]) =>
    messages.filter((m) => m.userId === null).map((m) => ({ type: m.messageType, ...m.system }));

  it('tells of joins, confirmed contributions, the payout and a freeze, with names and cents', async () => {
    const { admin, members, groupId } = await activeCircle(t, 3);
    const [, second, third] = members as [Person, Person, Person];
    await everyonePaysCash(t, admin, groupId, members);
    const paid = await post(t.app, '/api/groups/process-payout', { groupId, cycleNumber: 1 }, admin.auth);
    expect(paid.statusCode, paid.body).toBe(200);
    await post(t.app, `/api/groups/${groupId}/freeze`, { reason: 'Checking a payment' }, admin.auth);
    await post(t.app, `/api/groups/${groupId}/unfreeze`, {}, admin.auth);
    const messages = await chat(groupId, second);
    for (const m of messages.filter((m) => m.userId === null)) {
      expect(m.message).toBe('');
      expect(m.user).toBeNull();
    }
    const pool = 3 * 10_000;
    expect(app(messages).reverse()).toEqual([
      { type: 'system', kind: 'member_joined', params: { memberName: second.fullName } },
      { type: 'system', kind: 'member_joined', params: { memberName: third.fullName } },
      ...members.map((m) => ({
        type: 'contribution',
        kind: 'contribution_confirmed',
        params: { memberName: m.fullName, amountCents: 10_000, cycle: 1 },
      })),
      {
        type: 'payout',
        kind: 'payout_sent',
        params: { recipientName: admin.fullName, amountCents: pool - payoutFeeCents(pool), cycle: 1 },
      },
      {
        type: 'system',
        kind: 'group_frozen',
        params: { adminName: admin.fullName, reason: 'Checking a payment' },
      },
      { type: 'system', kind: 'group_unfrozen', params: { adminName: admin.fullName } },
    ]);
  });

  it('tells of a contribution paid by bank debit when the bank confirms it, not before', async () => {
    const { members, groupId } = await activeCircle(t, 3);
    const payer = members[1]!;
    await verifiedBank(t, payer.id);
    const started = await post(t.app, `/api/groups/${groupId}/contributions/bank-debit`, {}, payer.auth);
    expect(started.statusCode, started.body).toBe(202);
    const confirmed = async () =>
      app(await chat(groupId, payer)).filter((m) => m.kind === 'contribution_confirmed');
    expect(await confirmed()).toEqual([]);
    await settle(t);
    expect(await confirmed()).toEqual([
      {
        type: 'contribution',
        kind: 'contribution_confirmed',
        params: { memberName: payer.fullName, amountCents: 10_000, cycle: 1 },
      },
    ]);
  });

  it('a refused action leaves no message behind', async () => {
    const { admin, members, groupId } = await activeCircle(t, 3);
    const before = (await chat(groupId, admin)).length;
    // Not enough paid: the payout is refused, and with it its message.
    await everyonePaysCash(t, admin, groupId, [members[0]!]);
    const refused = await post(t.app, '/api/groups/process-payout', { groupId, cycleNumber: 1 }, admin.auth);
    expect(refused.statusCode).toBe(409);
    expect((await chat(groupId, admin)).length).toBe(before + 1);
  });

  it('warns an overdue member once, seen by them and the admins only; not when auto-warnings are off', async () => {
    const { admin, members, groupId } = await activeCircle(t, 3);
    const [, payer, late] = members as [Person, Person, Person];
    const quiet = await activeCircle(t, 3);
    await put(
      t.app,
      `/api/groups/${quiet.groupId}/communication-settings`,
      { membersCanMessage: true, adminOnlyAnnouncements: true, autoWarnings: false, requireApproval: false },
      quiet.admin.auth,
    );
    await everyonePaysCash(t, admin, groupId, [admin, payer]);
    t.clock.advance(9 * DAY);
    await sendReminders(t.ctx);
    await sendReminders(t.ctx);
    // The reminder job also emails the late member, once like the in-app notice.
    const mailed = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, late.id), eq(emailOutbox.kind, 'payment_overdue')));
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.textBody).toContain('$100.00');
    const warnings = (who: Person, id = groupId) =>
      chat(id, who).then((all) => all.filter((m) => m.messageType === 'warning'));
    const seen = await warnings(late);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.system).toEqual({
      kind: 'overdue_warning',
      params: { memberName: late.fullName, amountCents: 10_000, dueDate: expect.any(String) },
    });
    expect(await warnings(admin)).toHaveLength(1);
    expect(await warnings(payer)).toHaveLength(0);
    // Pinning a warning would show it to everyone.
    const pin = await post(t.app, `/api/groups/${groupId}/messages/${seen[0]!.id}/pin`, {}, admin.auth);
    expect(pin.json().code).toBe('MESSAGE_NOT_PINNABLE');
    expect(await warnings(quiet.admin, quiet.groupId)).toHaveLength(0);
  });

  it('a member who left keeps their name on their messages', async () => {
    const { admin, members, groupId } = await activeCircle(t, 3);
    const leaver = members[2]!;
    await post(t.app, `/api/groups/${groupId}/messages`, { message: 'Goodbye all' }, leaver.auth);
    await t.db
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, leaver.id)));
    const [said] = (await chat(groupId, admin)).filter((m) => m.userId === leaver.id);
    expect(said!.user).toEqual({ fullName: leaver.fullName });
  });
});
