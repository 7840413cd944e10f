import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, notifications } from '#server/db/groups-schema.ts';
import { auditLog } from '#server/db/schema.ts';
import { activeCircle, DAY, everyonePaysCash, type Person, verifiedBank } from '#server/test/circles.ts';
import { del, get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('members, roles and ownership on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  const setRole = (groupId: number, userId: number, role: string, who: Person) =>
    put(t.app, `/api/groups/${groupId}/members/${userId}/role`, { role }, who.auth);
  const members = async (groupId: number, who: Person) => {
    const reply = await get(t.app, `/api/groups/${groupId}/members`, who.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as {
      members: {
        userId: number;
        role: string;
        isOwner: boolean;
        status: string;
        trustScore: number;
        trustLevel: string;
        contributionHistory: { paid: number; missed: number; late: number };
        bankVerified: boolean;
        identityVerified: boolean;
      }[];
      viewer: { isAdmin: boolean; isOwner: boolean };
    };
  };
  const roleOf = async (groupId: number, userId: number, who: Person) =>
    (await members(groupId, who)).members.find((m) => m.userId === userId)!.role;
  const notesOf = (userId: number, type: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  it('only the owner changes roles, never their own; a co-admin can neither change roles nor demote the owner', async () => {
    const { admin: owner, members: people, groupId } = await activeCircle(t, 3);
    const [, b, c] = people as [Person, Person, Person];
    const outsider = await signUp(t.app);

    // A plain member, an outsider, the owner on themself, and a non-member target are all refused.
    const byMember = await setRole(groupId, c.id, 'admin', b);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('NOT_GROUP_OWNER');
    expect((await setRole(groupId, b.id, 'admin', outsider)).statusCode).toBe(404);
    const self = await setRole(groupId, owner.id, 'member', owner);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('CANNOT_CHANGE_OWN_ROLE');
    const stranger = await setRole(groupId, outsider.id, 'admin', owner);
    expect(stranger.json().code).toBe('MEMBER_NOT_FOUND');
    expect((await setRole(groupId, b.id, 'owner', owner)).statusCode).toBe(400);

    const promoted = await setRole(groupId, b.id, 'admin', owner);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toEqual({ success: true, userId: b.id, role: 'admin' });
    expect(await notesOf(b.id, 'made_co_admin')).toHaveLength(1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'member_role_changed'));
    expect(audit.filter((a) => a.subject === String(groupId))).toHaveLength(1);

    // The co-admin is an admin everywhere else, but roles stay the owner's.
    expect((await members(groupId, b)).viewer).toEqual({ userId: b.id, isAdmin: true, isOwner: false });
    const demoteOwner = await setRole(groupId, owner.id, 'member', b);
    expect(demoteOwner.statusCode).toBe(403);
    expect(demoteOwner.json().code).toBe('NOT_GROUP_OWNER');
    expect((await setRole(groupId, c.id, 'admin', b)).statusCode).toBe(403);
    expect(await roleOf(groupId, owner.id, c)).toBe('admin');
    expect(await roleOf(groupId, c.id, c)).toBe('member');

    // Back to member: the admin rights go with the role.
    expect((await setRole(groupId, b.id, 'member', owner)).statusCode).toBe(200);
    expect(await notesOf(b.id, 'co_admin_removed')).toHaveLength(1);
    const freeze = await post(t.app, `/api/groups/${groupId}/freeze`, { reason: 'Checking' }, b.auth);
    expect(freeze.statusCode).toBe(403);
  });

  it('an admin of another circle is an outsider here: every new route answers 404', async () => {
    const { members: people, groupId } = await activeCircle(t, 3);
    const { admin: otherAdmin } = await activeCircle(t, 3);
    const b = people[1]!;
    const url = `/api/groups/${groupId}/ownership-transfer`;
    for (const reply of [
      await get(t.app, `/api/groups/${groupId}/members`, otherAdmin.auth),
      await setRole(groupId, b.id, 'admin', otherAdmin),
      await get(t.app, url, otherAdmin.auth),
      await post(t.app, url, { toUserId: b.id }, otherAdmin.auth),
      await post(t.app, `${url}/accept`, undefined, otherAdmin.auth),
      await post(t.app, `${url}/decline`, undefined, otherAdmin.auth),
      await del(t.app, url, otherAdmin.auth),
    ])
      expect(reply.json().code).toBe('GROUP_NOT_FOUND');
  });

  it('a co-admin confirms a contribution, edits the schedule and processes the payout', async () => {
    const { admin: owner, members: people, groupId } = await activeCircle(t, 3);
    const [, b, c] = people as [Person, Person, Person];
    expect((await setRole(groupId, b.id, 'admin', owner)).statusCode).toBe(200);

    const reported = await post(t.app, `/api/groups/${groupId}/contributions`, { method: 'cash' }, c.auth);
    expect(reported.statusCode, reported.body).toBe(200);
    const confirmed = await post(
      t.app,
      `/api/contributions/${reported.json().id}/confirm`,
      undefined,
      b.auth,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('paid');

    const schedule = { frequency: 'monthly', contributionDay: 5, gracePeriod: 2 };
    const edited = await put(t.app, `/api/groups/${groupId}/schedule`, schedule, b.auth);
    expect(edited.statusCode, edited.body).toBe(200);

    await everyonePaysCash(t, b, groupId, [owner, b]);
    const paid = await post(t.app, '/api/groups/process-payout', { groupId, cycleNumber: 1 }, b.auth);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('a co-admin approves a request to join', async () => {
    const owner = await signUp(t.app);
    const group = (
      await post(
        t.app,
        '/api/groups',
        { name: 'Reviewed susu', contributionAmount: '50', memberLimit: 4, requireApproval: true },
        owner.auth,
      )
    ).json() as { id: number; inviteCode: string };
    const application = {
      inviteCode: group.inviteCode,
      reason: 'I save with my cousins every month and want a bigger pot for school fees.',
      monthlyIncome: '4500',
      creditScore: 712,
    };
    const [first, second] = [await signUp(t.app), await signUp(t.app)];
    const applied = await post(t.app, `/api/groups/${group.id}/join`, application, first.auth);
    expect(applied.statusCode, applied.body).toBe(202);
    expect(
      (await post(t.app, `/api/applications/${applied.json().application.id}/approve`, undefined, owner.auth))
        .statusCode,
    ).toBe(200);
    expect((await setRole(group.id, first.id, 'admin', owner)).statusCode).toBe(200);
    const next = await post(t.app, `/api/groups/${group.id}/join`, application, second.auth);
    const approved = await post(
      t.app,
      `/api/applications/${next.json().application.id}/approve`,
      undefined,
      first.auth,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await members(group.id, second)).members.map((m) => m.userId)).toContain(second.id);
  });

  it('ownership moves only when the target accepts; the old owner stays a co-admin, the new one changes roles', async () => {
    const { admin: owner, members: people, groupId } = await activeCircle(t, 3);
    const [, b, c] = people as [Person, Person, Person];
    expect((await setRole(groupId, b.id, 'admin', owner)).statusCode).toBe(200);
    const url = `/api/groups/${groupId}/ownership-transfer`;

    expect((await post(t.app, url, { toUserId: c.id }, b.auth)).json().code).toBe('NOT_GROUP_OWNER');
    expect((await post(t.app, url, { toUserId: owner.id }, owner.auth)).json().code).toBe(
      'OWNERSHIP_TRANSFER_TO_SELF',
    );
    const offered = await post(t.app, url, { toUserId: c.id }, owner.auth);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().transfer).toMatchObject({ status: 'pending', to: { userId: c.id } });
    expect(await notesOf(c.id, 'ownership_offered')).toHaveLength(1);
    expect((await post(t.app, url, { toUserId: b.id }, owner.auth)).json().code).toBe(
      'OWNERSHIP_TRANSFER_OPEN',
    );

    // Seen by the owner and the target only; answered by the target only.
    expect((await get(t.app, url, c.auth)).json().transfer.from.userId).toBe(owner.id);
    expect((await get(t.app, url, owner.auth)).json().transfer.to.userId).toBe(c.id);
    expect((await get(t.app, url, b.auth)).json().transfer).toBeNull();
    for (const who of [owner, b]) {
      const refused = await post(t.app, `${url}/accept`, undefined, who.auth);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('OWNERSHIP_TRANSFER_NOT_FOUND');
    }
    const [before] = await t.db.select().from(groups).where(eq(groups.id, groupId));
    expect(before!.createdBy).toBe(owner.id);

    const accepted = await post(t.app, `${url}/accept`, undefined, c.auth);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().transfer.status).toBe('accepted');
    const [after] = await t.db.select().from(groups).where(eq(groups.id, groupId));
    expect(after!.createdBy).toBe(c.id);
    expect(await notesOf(owner.id, 'ownership_transferred')).toHaveLength(1);
    expect(await notesOf(c.id, 'ownership_transferred')).toHaveLength(1);
    expect((await get(t.app, url, c.auth)).json().transfer).toBeNull();

    const list = await members(groupId, owner);
    expect(list.viewer).toMatchObject({ isAdmin: true, isOwner: false });
    expect(list.members.find((m) => m.userId === owner.id)).toMatchObject({ role: 'admin', isOwner: false });
    expect(list.members.find((m) => m.userId === c.id)).toMatchObject({ role: 'admin', isOwner: true });

    // The former owner can no longer change roles; the new owner can, the former owner's included.
    expect((await setRole(groupId, b.id, 'member', owner)).statusCode).toBe(403);
    expect((await setRole(groupId, b.id, 'member', c)).statusCode).toBe(200);
    expect((await setRole(groupId, owner.id, 'member', c)).statusCode).toBe(200);
    expect(await roleOf(groupId, owner.id, c)).toBe('member');
  });

  it('an offer can be declined, canceled, or lapse after 7 days', async () => {
    const { admin: owner, members: people, groupId } = await activeCircle(t, 3);
    const [, b] = people as [Person, Person];
    const url = `/api/groups/${groupId}/ownership-transfer`;

    expect((await post(t.app, url, { toUserId: b.id }, owner.auth)).statusCode).toBe(200);
    const declined = await post(t.app, `${url}/decline`, undefined, b.auth);
    expect(declined.json().transfer.status).toBe('declined');
    expect(await notesOf(owner.id, 'ownership_declined')).toHaveLength(1);

    expect((await post(t.app, url, { toUserId: b.id }, owner.auth)).statusCode).toBe(200);
    expect((await del(t.app, url, b.auth)).statusCode).toBe(403);
    const canceled = await del(t.app, url, owner.auth);
    expect(canceled.json().transfer.status).toBe('canceled');
    expect((await post(t.app, `${url}/accept`, undefined, b.auth)).statusCode).toBe(404);

    expect((await post(t.app, url, { toUserId: b.id }, owner.auth)).statusCode).toBe(200);
    t.clock.advance(7 * DAY + 1000);
    expect((await get(t.app, url, b.auth)).json().transfer).toBeNull();
    expect((await post(t.app, `${url}/accept`, undefined, b.auth)).statusCode).toBe(404);
    // The lapsed offer no longer blocks a new one.
    expect((await post(t.app, url, { toUserId: b.id }, owner.auth)).statusCode).toBe(200);
    const [group] = await t.db.select().from(groups).where(eq(groups.id, groupId));
    expect(group!.createdBy).toBe(owner.id);
  });

  it("lists each member's paid, late and missed contributions in this circle, trust and verification", async () => {
    const { admin, members: people, groupId } = await activeCircle(t, 3);
    const [, late, missing] = people as [Person, Person, Person];
    await verifiedBank(t, late.id);
    await everyonePaysCash(t, admin, groupId, [admin]);
    // Past due date + grace (4 + 3 days ahead): one pays late, one has missed it.
    t.clock.advance(9 * DAY);
    await everyonePaysCash(t, admin, groupId, [late]);

    const outsider = await signUp(t.app);
    expect((await get(t.app, `/api/groups/${groupId}/members`, outsider.auth)).statusCode).toBe(404);
    const list = await members(groupId, missing);
    expect(list.viewer).toMatchObject({ isAdmin: false, isOwner: false });
    const row = (p: Person) => list.members.find((m) => m.userId === p.id)!;
    expect(row(admin)).toMatchObject({
      isOwner: true,
      role: 'admin',
      status: 'active',
      contributionHistory: { paid: 1, late: 0, missed: 0 },
    });
    expect(row(late)).toMatchObject({
      contributionHistory: { paid: 1, late: 1, missed: 0 },
      bankVerified: true,
      identityVerified: false,
    });
    expect(row(missing).contributionHistory).toEqual({ paid: 0, late: 0, missed: 1 });
    expect(row(admin).bankVerified).toBe(false);

    // The same trust score as the Verification tab explains, banded by the Members tab's thresholds.
    const verification = (await get(t.app, `/api/groups/${groupId}/verification`, admin.auth)).json();
    for (const m of list.members) {
      const score = verification.members.find((v: { userId: number }) => v.userId === m.userId).trustScore;
      expect(m.trustScore).toBe(score);
      expect(m.trustLevel).toBe(score >= 85 ? 'high' : score >= 70 ? 'medium' : 'low');
    }
  });
});
