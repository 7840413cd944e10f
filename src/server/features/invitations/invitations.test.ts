import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, notifications } from '#server/db/groups-schema.ts';
import { groupInvitations } from '#server/db/invitations-schema.ts';
import { activeCircle, type Person } from '#server/test/circles.ts';
import { emailsTo } from '#server/test/email-support.ts';
import { del, get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

const DAY = 86_400_000;
let addresses = 0;
/** A fresh address per test, so nothing one test sends is read by another. */
const newAddress = () => `invitee${process.pid}x${++addresses}@example.org`;

describe.each(testEngines)('invitations by email on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  async function recruitingCircle(options: Record<string, unknown> = {}) {
    const admin = await signUp(t.app);
    const created = await post(
      t.app,
      '/api/groups',
      { name: 'Harbor market susu', contributionAmount: '50', memberLimit: 4, ...options },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    return { admin, groupId: created.json().id as number, inviteCode: created.json().inviteCode as string };
  }

  /** The token of the newest invitation link mailed to an address. */
  async function tokenMailedTo(address: string) {
    for (const mail of await emailsTo(t.db, address)) {
      const match = /\/invitations\/([\w-]+)/.exec(mail.textBody);
      if (match?.[1]) return match[1];
    }
    throw new Error(`no invitation link in the mail to ${address}`);
  }

  async function invite(admin: Person, groupId: number, email: string) {
    const reply = await post(t.app, `/api/groups/${groupId}/invite`, { email }, admin.auth);
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().invitation as { id: number; email: string; status: string };
  }

  const memberCount = async (groupId: number) => {
    const rows = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
    return rows.length;
  };

  it('invites a normalised address, emails a single-use link, and the invitee joins without the code', async () => {
    const { admin, groupId } = await recruitingCircle();
    const address = newAddress();
    const invitation = await invite(admin, groupId, `  ${address.toUpperCase()} `);
    expect(invitation).toMatchObject({ email: address, status: 'pending' });

    const [mail] = await emailsTo(t.db, address);
    expect(mail).toMatchObject({ kind: 'group_invitation', userId: null, language: 'en' });
    expect(mail!.subject).toContain('Harbor market susu');
    expect(mail!.textBody).not.toMatch(/unsubscribe|Stop these emails/i);
    const token = await tokenMailedTo(address);
    // Only the hash is stored.
    const [row] = await t.db.select().from(groupInvitations).where(eq(groupInvitations.id, invitation.id));
    expect(row!.tokenHash).not.toContain(token);

    const listed = (await get(t.app, `/api/groups/${groupId}/invitations`, admin.auth)).json();
    expect(listed.invitations.map((i: { id: number }) => i.id)).toEqual([invitation.id]);
    expect(listed.invitations[0].invitedBy).toBe(admin.id);

    // The invitee signs up with the address in another case.
    const invitee = await signUp(t.app, { email: address.replace('invitee', 'Invitee') });
    const view = await get(t.app, `/api/invitations/${token}`, invitee.auth);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      group: { id: groupId, name: 'Harbor market susu', contributionAmount: '50.00', memberLimit: 4 },
      invitation: { invitedByName: admin.fullName, status: 'pending' },
      alreadyMember: false,
    });

    const accepted = await post(t.app, `/api/invitations/${token}/accept`, {}, invitee.auth);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ groupId, status: 'recruiting' });
    expect(await memberCount(groupId)).toBe(2);

    // Single use: the same link now names nothing, for viewing and for accepting.
    for (const reply of [
      await post(t.app, `/api/invitations/${token}/accept`, {}, invitee.auth),
      await get(t.app, `/api/invitations/${token}`, invitee.auth),
    ]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().code).toBe('INVITATION_NOT_FOUND');
    }
    const after = (await get(t.app, `/api/groups/${groupId}/invitations`, admin.auth)).json();
    expect(after.invitations[0]).toMatchObject({ id: invitation.id, status: 'accepted' });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, 'invitation_accepted')));
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({ memberName: invitee.fullName });
  });

  it('is bound to its address: another account can neither see nor use it', async () => {
    const { admin, groupId } = await recruitingCircle();
    const address = newAddress();
    await invite(admin, groupId, address);
    const token = await tokenMailedTo(address);
    const someoneElse = await signUp(t.app);
    for (const reply of [
      await get(t.app, `/api/invitations/${token}`, someoneElse.auth),
      await post(t.app, `/api/invitations/${token}/accept`, {}, someoneElse.auth),
    ]) {
      expect(reply.statusCode).toBe(403);
      expect(reply.json().code).toBe('INVITATION_OTHER_EMAIL');
    }
    expect(await memberCount(groupId)).toBe(1);
    // Still open for the person it was sent to.
    const invitee = await signUp(t.app, { email: address });
    expect((await post(t.app, `/api/invitations/${token}/accept`, {}, invitee.auth)).statusCode).toBe(200);
    // Anonymous callers are asked to sign in.
    expect((await get(t.app, `/api/invitations/${token}`)).statusCode).toBe(401);
  });

  it('expires after 7 days; the address may then be invited again', async () => {
    const { admin, groupId } = await recruitingCircle();
    const address = newAddress();
    const first = await invite(admin, groupId, address);
    const token = await tokenMailedTo(address);
    const invitee = await signUp(t.app, { email: address });
    t.clock.advance(7 * DAY + 60_000);
    try {
      for (const reply of [
        await get(t.app, `/api/invitations/${token}`, invitee.auth),
        await post(t.app, `/api/invitations/${token}/accept`, {}, invitee.auth),
      ]) {
        expect(reply.statusCode).toBe(404);
        expect(reply.json().code).toBe('INVITATION_NOT_FOUND');
      }
      const listed = (await get(t.app, `/api/groups/${groupId}/invitations`, admin.auth)).json();
      expect(listed.invitations[0]).toMatchObject({ id: first.id, status: 'expired' });
      const second = await invite(admin, groupId, address);
      expect(second.id).not.toBe(first.id);
      const [old] = await t.db.select().from(groupInvitations).where(eq(groupInvitations.id, first.id));
      expect(old!.status).toBe('expired');
      const fresh = await tokenMailedTo(address);
      expect((await post(t.app, `/api/invitations/${fresh}/accept`, {}, invitee.auth)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(7 * DAY + 60_000));
    }
  });

  it('revoked: the link stops working, and a closed invitation cannot be revoked again', async () => {
    const { admin, groupId } = await recruitingCircle();
    const address = newAddress();
    const invitation = await invite(admin, groupId, address);
    const token = await tokenMailedTo(address);
    const revoked = await del(t.app, `/api/groups/${groupId}/invitations/${invitation.id}`, admin.auth);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().invitation.status).toBe('revoked');
    const invitee = await signUp(t.app, { email: address });
    const accept = await post(t.app, `/api/invitations/${token}/accept`, {}, invitee.auth);
    expect(accept.statusCode).toBe(404);
    expect(accept.json().code).toBe('INVITATION_NOT_FOUND');
    const again = await del(t.app, `/api/groups/${groupId}/invitations/${invitation.id}`, admin.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVITATION_NOT_PENDING');
    expect(await memberCount(groupId)).toBe(1);
  });

  it('resend: a new link and expiry, the old link stops working, not twice a minute', async () => {
    const { admin, groupId } = await recruitingCircle();
    const address = newAddress();
    const invitation = await invite(admin, groupId, address);
    const oldToken = await tokenMailedTo(address);
    const url = `/api/groups/${groupId}/invitations/${invitation.id}/resend`;
    const tooSoon = await post(t.app, url, undefined, admin.auth);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('INVITATION_RESENT_RECENTLY');
    t.clock.advance(2 * DAY);
    try {
      const resent = await post(t.app, url, undefined, admin.auth);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(new Date(resent.json().invitation.expiresAt).getTime()).toBe(t.clock.now().getTime() + 7 * DAY);
      expect(await emailsTo(t.db, address)).toHaveLength(2);
      const newToken = await tokenMailedTo(address);
      expect(newToken).not.toBe(oldToken);
      const invitee = await signUp(t.app, { email: address });
      const old = await post(t.app, `/api/invitations/${oldToken}/accept`, {}, invitee.auth);
      expect(old.statusCode).toBe(404);
      expect((await post(t.app, `/api/invitations/${newToken}/accept`, {}, invitee.auth)).statusCode).toBe(
        200,
      );
      // Accepted: nothing left to resend.
      t.clock.advance(120_000);
      const closed = await post(t.app, url, undefined, admin.auth);
      expect(closed.json().code).toBe('INVITATION_NOT_PENDING');
      t.clock.advance(-120_000);
    } finally {
      t.clock.advance(-2 * DAY);
    }
  });

  it('refuses a second open invitation to one address and an address that is already a member', async () => {
    const { admin, groupId, inviteCode } = await recruitingCircle();
    const address = newAddress();
    await invite(admin, groupId, address);
    const twice = await post(
      t.app,
      `/api/groups/${groupId}/invite`,
      { email: address.toUpperCase() },
      admin.auth,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('INVITATION_ALREADY_PENDING');

    const memberAddress = newAddress();
    const member = await signUp(t.app, { email: memberAddress });
    await post(t.app, `/api/groups/${groupId}/join`, { inviteCode }, member.auth);
    const existing = await post(t.app, `/api/groups/${groupId}/invite`, { email: memberAddress }, admin.auth);
    expect(existing.statusCode).toBe(409);
    expect(existing.json().code).toBe('INVITEE_ALREADY_MEMBER');

    const bad = await post(t.app, `/api/groups/${groupId}/invite`, { email: '   ' }, admin.auth);
    expect(bad.statusCode).toBe(400);
    const open = await t.db.select().from(groupInvitations).where(eq(groupInvitations.groupId, groupId));
    expect(open).toHaveLength(1);
  });

  it('only admins invite, list, resend and revoke: members 403, outsiders 404, co-admins allowed', async () => {
    const { admin, groupId, inviteCode } = await recruitingCircle();
    const invitation = await invite(admin, groupId, newAddress());
    const member = await signUp(t.app);
    await post(t.app, `/api/groups/${groupId}/join`, { inviteCode }, member.auth);
    const outsider = await signUp(t.app);
    const calls = (who: Person) => [
      post(t.app, `/api/groups/${groupId}/invite`, { email: newAddress() }, who.auth),
      get(t.app, `/api/groups/${groupId}/invitations`, who.auth),
      post(t.app, `/api/groups/${groupId}/invitations/${invitation.id}/resend`, undefined, who.auth),
      del(t.app, `/api/groups/${groupId}/invitations/${invitation.id}`, who.auth),
    ];
    for (const reply of await Promise.all(calls(member))) {
      expect(reply.statusCode).toBe(403);
      expect(reply.json().code).toBe('NOT_GROUP_ADMIN');
    }
    for (const reply of await Promise.all(calls(outsider))) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().code).toBe('GROUP_NOT_FOUND');
    }
    // Another circle's invitation id names nothing in this one.
    const other = await recruitingCircle();
    const foreign = await invite(other.admin, other.groupId, newAddress());
    const cross = await del(t.app, `/api/groups/${groupId}/invitations/${foreign.id}`, admin.auth);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().code).toBe('INVITATION_NOT_FOUND');
    // A co-admin does what admins do.
    await t.db
      .update(groupMembers)
      .set({ role: 'admin' })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, member.id)));
    await invite(member, groupId, newAddress());
  });

  it('refuses inviting into an active circle, and accepting once the circle has filled', async () => {
    const { admin, groupId } = await activeCircle(t, 3);
    const refused = await post(t.app, `/api/groups/${groupId}/invite`, { email: newAddress() }, admin.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INVITE_GROUP_NOT_RECRUITING');

    const small = await recruitingCircle({ memberLimit: 3 });
    const address = newAddress();
    await invite(small.admin, small.groupId, address);
    const token = await tokenMailedTo(address);
    for (const quick of [await signUp(t.app), await signUp(t.app)])
      await post(t.app, `/api/groups/${small.groupId}/join`, { inviteCode: small.inviteCode }, quick.auth);
    const invitee = await signUp(t.app, { email: address });
    const late = await post(t.app, `/api/invitations/${token}/accept`, {}, invitee.auth);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('GROUP_FULL');
    expect(await memberCount(small.groupId)).toBe(3);
  });

  it('files a request to join where the circle reviews its members', async () => {
    const { admin, groupId } = await recruitingCircle({ requireApproval: true });
    const address = newAddress();
    const invitation = await invite(admin, groupId, address);
    const token = await tokenMailedTo(address);
    const invitee = await signUp(t.app, { email: address });
    expect((await get(t.app, `/api/invitations/${token}`, invitee.auth)).json().group.requireApproval).toBe(
      true,
    );
    const noReason = await post(t.app, `/api/invitations/${token}/accept`, {}, invitee.auth);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('APPLICATION_REASON_REQUIRED');

    const applied = await post(
      t.app,
      `/api/invitations/${token}/accept`,
      { reason: 'Ana from the stall next to mine invited me', creditScore: 710 },
      invitee.auth,
    );
    expect(applied.statusCode, applied.body).toBe(202);
    expect(applied.json().application).toMatchObject({ status: 'pending', creditScore: 710 });
    expect(await memberCount(groupId)).toBe(1);
    const pending = (await get(t.app, `/api/groups/${groupId}/applications`, admin.auth)).json();
    expect(pending.applications.map((a: { userId: number }) => a.userId)).toEqual([invitee.id]);
    const [row] = await t.db.select().from(groupInvitations).where(eq(groupInvitations.id, invitation.id));
    expect(row).toMatchObject({ status: 'accepted', applicationId: applied.json().application.id });
  });

  it('two accepts of one link at once: exactly one joins', async () => {
    const { admin, groupId } = await recruitingCircle();
    const address = newAddress();
    await invite(admin, groupId, address);
    const token = await tokenMailedTo(address);
    const invitee = await signUp(t.app, { email: address });
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(
          t.app,
          `/api/invitations/${token}/accept`,
          {},
          { ...invitee.auth, 'idempotency-key': `race-${i}` },
        ),
      ),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 404 || c === 409)).toBe(true);
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, invitee.id)))) as [{ n: number }];
    expect(n).toBe(1);
    expect(await memberCount(groupId)).toBe(2);
  });

  it('writes the email in the invitee’s language when the address has an account', async () => {
    const { admin, groupId } = await recruitingCircle();
    const address = newAddress();
    await signUp(t.app, { email: address, language: 'ko' });
    await invite(admin, groupId, address);
    const [mail] = await emailsTo(t.db, address);
    expect(mail!.language).toBe('ko');
    expect(mail!.userId).not.toBeNull();
    expect(mail!.subject).toContain('초대');
  });
});
