import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupApplications } from '#server/db/applications-schema.ts';
import { groupMembers, notifications } from '#server/db/groups-schema.ts';
import { auditLog, emailOutbox } from '#server/db/schema.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

type Person = Awaited<ReturnType<typeof signUp>>;

const application = {
  reason: 'I save with my cousins every month and want a bigger pot for school fees.',
  monthlyIncome: '4500',
  creditScore: 712,
  referredBy: 'Ana Torres',
};

describe.each(testEngines)('applications to join on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  async function circle(size = 4, requireApproval = true) {
    const admin = await signUp(t.app);
    const created = await post(
      t.app,
      '/api/groups',
      { name: 'Reviewed susu', contributionAmount: '50', memberLimit: size, requireApproval },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as { id: number; name: string; inviteCode: string };
    inviteCodes.set(group.id, group.inviteCode);
    return { admin, group };
  }

  /** Applicants come with the circle's invite code, as the join page sends it. */
  const inviteCodes = new Map<number, string>();
  async function apply(groupId: number, person: Person, body: Record<string, unknown> = application) {
    return post(
      t.app,
      `/api/groups/${groupId}/join`,
      { inviteCode: inviteCodes.get(groupId), ...body },
      person.auth,
    );
  }

  async function applied(groupId: number, person: Person) {
    const reply = await apply(groupId, person);
    expect(reply.statusCode, reply.body).toBe(202);
    return reply.json().application.id as number;
  }

  /** The notification emails a user was sent of one type (the outbox names them by it). */
  const mailsOf = (userId: number, kind: string) =>
    t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, kind)));

  const memberCount = async (groupId: number) =>
    (
      (await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(groupMembers)
        .where(eq(groupMembers.groupId, groupId))) as [{ n: number }]
    )[0].n;

  const notesOf = (userId: number, type: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  const statusOf = async (id: number) =>
    (await t.db.select().from(groupApplications).where(eq(groupApplications.id, id)))[0]!.status;

  it('a group without approval still seats people directly and ignores application fields', async () => {
    const { group } = await circle(4, false);
    const joiner = await signUp(t.app);
    const reply = await apply(group.id, joiner);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ success: true, message: 'Successfully Joined Group!' });
    expect(await memberCount(group.id)).toBe(2);
  });

  it('applying answers 202 with the pending application, tells the admins, and seats nobody yet', async () => {
    const { admin, group } = await circle();
    const applicant = await signUp(t.app);
    const reply = await apply(group.id, applicant);
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.json()).toMatchObject({
      success: true,
      groupId: group.id,
      status: 'recruiting',
      application: {
        status: 'pending',
        reason: application.reason,
        monthlyIncome: '4500.00',
        creditScore: 712,
        referredBy: 'Ana Torres',
        closedBecauseFull: false,
      },
    });
    expect(await memberCount(group.id)).toBe(1);
    const [note] = await notesOf(admin.id, 'application_received');
    expect(note).toMatchObject({
      groupId: group.id,
      data: { groupName: 'Reviewed susu', applicantName: applicant.fullName },
    });
    const mine = (await get(t.app, '/api/applications/mine', applicant.auth)).json();
    expect(mine.applications).toEqual([
      expect.objectContaining({ groupId: group.id, groupName: 'Reviewed susu', status: 'pending' }),
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'application_submitted'));
    expect(audit.some((a) => a.actorUserId === applicant.id)).toBe(true);
  });

  it.each([
    [{}, 'This group reviews new members: please tell the admins why you want to join'],
    [{ reason: '   ' }, 'This group reviews new members: please tell the admins why you want to join'],
    [{ reason: 'x'.repeat(501) }, 'Keep the reason to 500 characters or fewer'],
    [{ reason: 'ok', creditScore: 200 }, 'Credit scores run from 300 to 850'],
    [{ reason: 'ok', monthlyIncome: '12.345' }, 'Enter an amount in dollars and cents, like 25 or 25.50'],
    [{ reason: 'ok', referredBy: 'r'.repeat(101) }, 'Keep the referrer to 100 characters or fewer'],
  ])('refuses the application %o with 400 "%s" and records nothing', async (body, message) => {
    const { group } = await circle();
    const applicant = await signUp(t.app);
    const reply = await apply(group.id, applicant, body);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
    const rows = await t.db.select().from(groupApplications).where(eq(groupApplications.groupId, group.id));
    expect(rows).toEqual([]);
  });

  it('treats empty optional fields as not given', async () => {
    const { group } = await circle();
    const applicant = await signUp(t.app);
    const reply = await apply(group.id, applicant, {
      reason: 'Saving for rent',
      monthlyIncome: '',
      referredBy: ' ',
    });
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.json().application).toMatchObject({
      monthlyIncome: null,
      creditScore: null,
      referredBy: null,
    });
  });

  it('refuses a second pending application from the same person', async () => {
    const { group } = await circle();
    const applicant = await signUp(t.app);
    await applied(group.id, applicant);
    const again = await apply(group.id, applicant);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('APPLICATION_PENDING');
    const rows = await t.db.select().from(groupApplications).where(eq(groupApplications.groupId, group.id));
    expect(rows).toHaveLength(1);
  });

  it('the database itself refuses a second pending row (partial unique index)', async () => {
    const { group } = await circle();
    const applicant = await signUp(t.app);
    await applied(group.id, applicant);
    await expect(
      t.db.insert(groupApplications).values({ groupId: group.id, userId: applicant.id, reason: 'again' }),
    ).rejects.toThrow();
  });

  it('shows admins the pending applicants with their real payment record; others get 403', async () => {
    // The applicant pays one contribution on time in another circle and leaves another unpaid past due.
    const other = await circle(3, false);
    const applicant = await signUp(t.app);
    const neighbour = await signUp(t.app);
    await apply(other.group.id, applicant);
    await apply(other.group.id, neighbour);
    const paid = await post(
      t.app,
      `/api/groups/${other.group.id}/contributions/record`,
      { userId: applicant.id },
      other.admin.auth,
    );
    expect(paid.statusCode, paid.body).toBe(200);

    const { admin, group } = await circle();
    await applied(group.id, applicant);
    await applied(group.id, neighbour);
    const list = await get(t.app, `/api/groups/${group.id}/applications`, admin.auth);
    expect(list.statusCode, list.body).toBe(200);
    const [first, second] = list.json().applications;
    expect(first).toMatchObject({
      userId: applicant.id,
      name: applicant.fullName,
      email: expect.stringContaining('@example.org'),
      creditScore: 712,
      monthlyIncome: '4500.00',
      referredBy: 'Ana Torres',
      reason: application.reason,
      paymentRecord: { circles: 1, paidOnTime: 1, paidLate: 0, overdue: 0 },
    });
    expect(second.paymentRecord).toEqual({ circles: 1, paidOnTime: 0, paidLate: 0, overdue: 0 });
    // Trust scores as the Verification tab computes them: nothing verified; one on-time payment is
    // the full 60 payment points, no record at all the neutral 30.
    expect([first.trustScore, second.trustScore]).toEqual([60, 30]);

    // A month later the neighbour's unpaid contribution is overdue.
    t.clock.advance(40 * 86_400_000);
    const later = (await get(t.app, `/api/groups/${group.id}/applications`, admin.auth)).json();
    expect(later.applications[1].paymentRecord).toMatchObject({ overdue: 1 });
    expect(later.applications[1].trustScore).toBe(0);

    const member = await signUp(t.app);
    const plain = await circle(4, false);
    expect((await apply(plain.group.id, member)).statusCode).toBe(200);
    // To anyone outside it the circle does not exist (the applicant is not in it yet either).
    const missing = await get(t.app, '/api/groups/2147483647/applications', member.auth);
    const outsider = await get(t.app, `/api/groups/${group.id}/applications`, member.auth);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().code).toBe('GROUP_NOT_FOUND');
    expect(outsider.body).toBe(missing.body);
    const asApplicant = await get(t.app, `/api/groups/${group.id}/applications`, applicant.auth);
    expect(asApplicant.body).toBe(missing.body);
  });

  it('approve seats the applicant, tells them, audits it; deciding it again is a 409', async () => {
    const { admin, group } = await circle();
    const applicant = await signUp(t.app);
    const id = await applied(group.id, applicant);
    const approved = await post(t.app, `/api/applications/${id}/approve`, undefined, admin.auth);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      success: true,
      message: 'Member approved',
      application: { status: 'approved' },
      group: { id: group.id, status: 'recruiting', currentMembers: 2 },
    });
    expect(await memberCount(group.id)).toBe(2);
    const detail = await get(t.app, `/api/groups/${group.id}`, applicant.auth);
    expect(detail.statusCode).toBe(200);
    expect(await notesOf(applicant.id, 'application_approved')).toHaveLength(1);
    const [welcome, ...more] = await mailsOf(applicant.id, 'application_approved');
    expect(more).toEqual([]);
    expect(welcome!.subject).toContain('Reviewed susu');
    expect(welcome!.textBody).toMatch(/\/unsubscribe\?token=/);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'application_approved'));
    expect(audit.some((a) => a.actorUserId === admin.id && a.subject === String(group.id))).toBe(true);

    for (const action of ['approve', 'reject']) {
      const again = await post(t.app, `/api/applications/${id}/${action}`, { reason: 'No' }, admin.auth);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('APPLICATION_ALREADY_DECIDED');
    }
    expect(
      (await get(t.app, `/api/groups/${group.id}/applications`, admin.auth)).json().applications,
    ).toEqual([]);
  });

  it('reject needs a non-blank reason; a blank one changes nothing; the applicant is told the reason', async () => {
    const { admin, group } = await circle();
    const applicant = await signUp(t.app);
    const id = await applied(group.id, applicant);
    for (const body of [{ reason: '   ' }, {}, undefined]) {
      const blank = await post(t.app, `/api/applications/${id}/reject`, body, admin.auth);
      expect(blank.statusCode).toBe(400);
      expect(blank.json().code).toBe('VALIDATION_ERROR');
    }
    const blank = await post(t.app, `/api/applications/${id}/reject`, { reason: ' ' }, admin.auth);
    expect(blank.json().message).toBe('Please give a reason');
    expect(await statusOf(id)).toBe('pending');
    expect(await notesOf(applicant.id, 'application_rejected')).toEqual([]);

    const rejected = await post(
      t.app,
      `/api/applications/${id}/reject`,
      { reason: '  We only take neighbours from our street.  ' },
      admin.auth,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      message: 'Member rejected',
      application: { status: 'rejected', decisionReason: 'We only take neighbours from our street.' },
    });
    expect(await memberCount(group.id)).toBe(1);
    const [note] = await notesOf(applicant.id, 'application_rejected');
    expect(note!.data).toEqual({
      groupName: 'Reviewed susu',
      reason: 'We only take neighbours from our street.',
    });
    const [mail, ...more] = await mailsOf(applicant.id, 'application_rejected');
    expect(more).toEqual([]);
    expect(mail!.textBody).toContain('We only take neighbours from our street.');
    // Turned down once, they may ask again.
    expect((await apply(group.id, applicant)).statusCode).toBe(202);
  });

  it('only admins decide: to a member, an outsider or the applicant the request does not exist', async () => {
    const { admin, group } = await circle();
    const applicant = await signUp(t.app);
    const member = await signUp(t.app);
    const memberApp = await applied(group.id, member);
    expect(
      (await post(t.app, `/api/applications/${memberApp}/approve`, undefined, admin.auth)).statusCode,
    ).toBe(200);
    const id = await applied(group.id, applicant);
    for (const action of ['approve', 'reject']) {
      const decide = (applicationId: number, who: Person) =>
        post(t.app, `/api/applications/${applicationId}/${action}`, { reason: 'x' }, who.auth);
      const missing = await decide(2_147_483_647, member);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('APPLICATION_NOT_FOUND');
      const outsider = await signUp(t.app);
      for (const who of [member, applicant, outsider])
        expect((await decide(id, who)).body).toBe(missing.body);
    }
    const list = await get(t.app, `/api/groups/${group.id}/applications`, member.auth);
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('NOT_GROUP_ADMIN');
    expect(await statusOf(id)).toBe('pending');
    expect((await post(t.app, '/api/applications/999999/approve', undefined, admin.auth)).statusCode).toBe(
      404,
    );
  });

  it('the applicant withdraws their own pending request; nobody else can, and it cannot be approved after', async () => {
    const { admin, group } = await circle();
    const applicant = await signUp(t.app);
    const id = await applied(group.id, applicant);
    const stranger = await signUp(t.app);
    // Someone else's request answers as one that does not exist, to a stranger and to the admin alike.
    const missing = await post(t.app, '/api/applications/2147483647/withdraw', undefined, stranger.auth);
    const byStranger = await post(t.app, `/api/applications/${id}/withdraw`, undefined, stranger.auth);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().code).toBe('APPLICATION_NOT_FOUND');
    expect(byStranger.body).toBe(missing.body);
    expect((await post(t.app, `/api/applications/${id}/withdraw`, undefined, admin.auth)).body).toBe(
      missing.body,
    );

    const withdrawn = await post(t.app, `/api/applications/${id}/withdraw`, undefined, applicant.auth);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().application.status).toBe('withdrawn');
    const again = await post(t.app, `/api/applications/${id}/withdraw`, undefined, applicant.auth);
    expect(again.statusCode).toBe(409);
    const approve = await post(t.app, `/api/applications/${id}/approve`, undefined, admin.auth);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe('APPLICATION_ALREADY_DECIDED');
    expect(await memberCount(group.id)).toBe(1);
    // The slot is free again: a new request is accepted.
    expect((await apply(group.id, applicant)).statusCode).toBe(202);
  });

  it('approving the last seat starts the circle and closes every other pending request', async () => {
    const { admin, group } = await circle(3);
    const [a, b, c, d] = [await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const ids = [await applied(group.id, a), await applied(group.id, b), await applied(group.id, c)];
    await applied(group.id, d);
    await post(t.app, `/api/applications/${ids[0]}/approve`, undefined, admin.auth);
    const last = await post(t.app, `/api/applications/${ids[1]}/approve`, undefined, admin.auth);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().group).toMatchObject({ status: 'active', currentMembers: 3 });

    const detail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(detail.group.status).toBe('active');
    expect(detail.cycles).toHaveLength(3);
    expect(await statusOf(ids[1]!)).toBe('approved');
    for (const person of [c, d]) {
      const mine = (await get(t.app, '/api/applications/mine', person.auth)).json().applications[0];
      expect(mine).toMatchObject({ status: 'rejected', closedBecauseFull: true });
      expect(await notesOf(person.id, 'application_closed')).toHaveLength(1);
    }
    expect(
      (await get(t.app, `/api/groups/${group.id}/applications`, admin.auth)).json().applications,
    ).toEqual([]);
    const late = await post(t.app, `/api/applications/${ids[2]}/approve`, undefined, admin.auth);
    expect(late.statusCode).toBe(409);
    // A full circle takes no new requests either.
    expect((await apply(group.id, await signUp(t.app))).json().code).toBe('GROUP_FULL');
    expect(await memberCount(group.id)).toBe(3);
  });

  it('concurrent approvals for the last seat: exactly one member is added, never over the limit', async () => {
    const { admin, group } = await circle(3);
    const first = await applied(group.id, await signUp(t.app));
    expect((await post(t.app, `/api/applications/${first}/approve`, undefined, admin.auth)).statusCode).toBe(
      200,
    );
    const racers = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
    const ids: number[] = [];
    for (const r of racers) ids.push(await applied(group.id, r));
    const replies = await Promise.all(
      ids.map((id) => post(t.app, `/api/applications/${id}/approve`, undefined, admin.auth)),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c === 200),
      replies.map((r) => r.body).join('\n'),
    ).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(ids.length - 1);
    expect(await memberCount(group.id)).toBe(3);
    const detail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(detail.group).toMatchObject({ status: 'active', currentMembers: 3 });
    const statuses = await Promise.all(ids.map(statusOf));
    expect(statuses.filter((s) => s === 'approved')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'rejected')).toHaveLength(ids.length - 1);
  });

  it('Promise.all of two approvals of different applicants for the last seat: one wins', async () => {
    const { admin, group } = await circle(3);
    const co = await applied(group.id, await signUp(t.app));
    expect((await post(t.app, `/api/applications/${co}/approve`, undefined, admin.auth)).statusCode).toBe(
      200,
    );
    const [x, y] = [await signUp(t.app), await signUp(t.app)];
    const [ix, iy] = [await applied(group.id, x), await applied(group.id, y)];
    const [rx, ry] = await Promise.all([
      post(t.app, `/api/applications/${ix}/approve`, undefined, admin.auth),
      post(t.app, `/api/applications/${iy}/approve`, undefined, admin.auth),
    ]);
    expect([rx.statusCode, ry.statusCode].sort()).toEqual([200, 409]);
    expect(await memberCount(group.id)).toBe(3);
  });
});
