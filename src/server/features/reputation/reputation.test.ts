import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, notifications } from '#server/db/groups-schema.ts';
import { peerRatings } from '#server/db/reputation-schema.ts';
import { auditLog, emailOutbox, users } from '#server/db/schema.ts';
import { activeCircle, DAY, type Person } from '#server/test/circles.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe.each(testEngines)('peer ratings, warnings and reputation on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  const rate = (groupId: number, ratee: number, by: Person, body: unknown) =>
    put(t.app, `/api/groups/${groupId}/ratings/${ratee}`, body, by.auth);
  const warn = (groupId: number, userId: number, by: Person, body: unknown, key?: string) =>
    post(t.app, `/api/groups/${groupId}/members/${userId}/warnings`, body, {
      ...by.auth,
      ...(key ? { 'idempotency-key': key } : {}),
    });
  const ratingRows = (groupId: number) =>
    t.db.select().from(peerRatings).where(eq(peerRatings.groupId, groupId));

  it('keeps one rating per rater, ratee and circle: a second PUT edits it', async () => {
    const { groupId, members } = await activeCircle(t, 3);
    const [, ben, cy] = members as [Person, Person, Person];
    const first = await rate(groupId, cy.id, ben, { stars: 2, comment: 'Paid late twice' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ edited: false, rating: { stars: 2, comment: 'Paid late twice' } });
    t.clock.advance(DAY);
    const second = await rate(groupId, cy.id, ben, { stars: 4, comment: '  Caught up, thank you  ' });
    expect(second.json()).toMatchObject({
      edited: true,
      message: `Your rating for ${cy.fullName} has been recorded.`,
      rating: { stars: 4, comment: 'Caught up, thank you' },
    });
    const rows = await ratingRows(groupId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ raterId: ben.id, rateeId: cy.id, stars: 4 });
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThan(rows[0]!.createdAt.getTime());
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'peer_rating_saved'), eq(auditLog.actorUserId, ben.id)));
    expect(audits.map((a) => a.details)).toEqual([
      { rateeId: cy.id, stars: 2, previousStars: null },
      { rateeId: cy.id, stars: 4, previousStars: 2 },
    ]);
    // The caller sees their own rating to edit it; the ratee's row counts one rating.
    const view = (await get(t.app, `/api/groups/${groupId}/reputation`, ben.auth)).json();
    const cyRow = view.members.find((m: { id: number }) => m.id === cy.id);
    expect(cyRow).toMatchObject({ ratings: { count: 1, average: 4 }, myRating: { stars: 4 } });
    const asCy = (await get(t.app, `/api/groups/${groupId}/reputation`, cy.auth)).json();
    expect(asCy.members.find((m: { id: number }) => m.id === cy.id).myRating).toBeNull();
  });

  it('refuses rating oneself, outsiders, blank comments, non-members and circles with rating off', async () => {
    const { groupId, members } = await activeCircle(t, 3);
    const [admin, ben] = members as [Person, Person];
    const stranger = await signUp(t.app);
    const other = await activeCircle(t, 3);

    const self = await rate(groupId, ben.id, ben, { stars: 5, comment: 'Great' });
    expect([self.statusCode, self.json().code]).toEqual([400, 'CANNOT_RATE_SELF']);
    // Someone outside the circle, or a member of another circle: not found, like any unknown id.
    for (const outsider of [stranger.id, other.admin.id, 999_999]) {
      const reply = await rate(groupId, outsider, ben, { stars: 5, comment: 'Great' });
      expect([reply.statusCode, reply.json().code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    }
    // A rater outside the circle learns nothing about it.
    const notMember = await rate(groupId, ben.id, stranger, { stars: 1, comment: 'Who?' });
    expect([notMember.statusCode, notMember.json().code]).toEqual([404, 'GROUP_NOT_FOUND']);
    for (const body of [
      { stars: 4, comment: '   ' },
      { stars: 4 },
      { stars: 0, comment: 'Fine' },
      { stars: 6, comment: 'Fine' },
      { stars: 3.5, comment: 'Fine' },
      { stars: 4, comment: 'x'.repeat(501) },
    ]) {
      const reply = await rate(groupId, admin.id, ben, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await rate(groupId, admin.id, ben, { stars: 4, comment: '   ' })).json().issues[0].key).toBe(
      'commentRequired',
    );
    expect(
      (await put(t.app, `/api/groups/${groupId}/ratings/${admin.id}`, { stars: 4, comment: 'x' })).statusCode,
    ).toBe(401);

    await t.db.update(groups).set({ peerRatingEnabled: false }).where(eq(groups.id, groupId));
    const off = await rate(groupId, admin.id, ben, { stars: 5, comment: 'Great admin' });
    expect([off.statusCode, off.json().code]).toEqual([409, 'PEER_RATING_DISABLED']);
    expect(await ratingRows(groupId)).toEqual([]);
    const view = (await get(t.app, `/api/groups/${groupId}/reputation`, ben.auth)).json();
    expect(view.peerRatingEnabled).toBe(false);
  });

  it('lets admins warn a member, who is notified with the reason and alone sees it besides admins', async () => {
    const { groupId, members } = await activeCircle(t, 3);
    const [admin, ben, cy] = members as [Person, Person, Person];
    const byMember = await warn(groupId, cy.id, ben, { reason: 'Be nicer' });
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'NOT_GROUP_ADMIN']);
    const self = await warn(groupId, admin.id, admin, { reason: 'Me' });
    expect([self.statusCode, self.json().code]).toEqual([400, 'CANNOT_WARN_SELF']);
    const blank = await warn(groupId, ben.id, admin, { reason: ' ' });
    expect(blank.json().issues[0].key).toBe('reasonRequired');
    const stranger = await signUp(t.app);
    expect((await warn(groupId, stranger.id, admin, { reason: 'Nope' })).statusCode).toBe(404);
    expect((await warn(groupId, ben.id, stranger, { reason: 'Nope' })).json().code).toBe('GROUP_NOT_FOUND');

    // Ben reads SaveCircle in Spanish: his email comes in Spanish.
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, ben.id));
    const warned = await warn(groupId, ben.id, admin, { reason: 'Two payments missed' }, 'warn-ben-1');
    expect(warned.statusCode, warned.body).toBe(201);
    expect(warned.json().warning).toMatchObject({
      reason: 'Two payments missed',
      issuedByName: admin.fullName,
    });
    // A retried click with the same key does not warn twice.
    const retried = await warn(groupId, ben.id, admin, { reason: 'Two payments missed' }, 'warn-ben-1');
    expect(retried.json().warning.id).toBe(warned.json().warning.id);

    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ben.id), eq(notifications.type, 'member_warned')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ groupId, data: { reason: 'Two payments missed' } });
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, ben.id), eq(emailOutbox.kind, 'member_warned')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ language: 'es' });
    expect(mails[0]!.subject).toContain('Una advertencia de');
    expect(mails[0]!.textBody).toContain('Two payments missed');
    expect(mails[0]!.textBody).toContain(`/group-management?group=${groupId}&tab=reputation`);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, cy.id), eq(notifications.type, 'member_warned'))),
    ).toEqual([]);

    const row = async (viewer: Person) =>
      (await get(t.app, `/api/groups/${groupId}/reputation`, viewer.auth))
        .json()
        .members.find((m: { id: number }) => m.id === ben.id);
    expect(await row(admin)).toMatchObject({ warnings: 1, warningList: [{ reason: 'Two payments missed' }] });
    expect(await row(ben)).toMatchObject({ warnings: 1, warningList: [{ reason: 'Two payments missed' }] });
    expect(await row(cy)).toMatchObject({ warnings: 1, warningList: null });
  });

  it('computes each member’s reputation from real contributions, ratings and warnings', async () => {
    // Due in four days, grace three: Ana and Ben pay now, Cy after the grace period, Dee never.
    const { groupId, members } = await activeCircle(t, 4);
    const [ana, ben, cy, dee] = members as [Person, Person, Person, Person];
    for (const who of [ana, ben])
      expect(
        (
          await post(
            t.app,
            `/api/groups/${groupId}/contributions/record`,
            { userId: who.id, method: 'cash' },
            ana.auth,
          )
        ).statusCode,
      ).toBe(200);
    t.clock.advance(9 * DAY);
    expect(
      (
        await post(
          t.app,
          `/api/groups/${groupId}/contributions/record`,
          { userId: cy.id, method: 'cash' },
          ana.auth,
        )
      ).statusCode,
    ).toBe(200);
    expect((await rate(groupId, ana.id, ben, { stars: 5, comment: 'Runs it well' })).statusCode).toBe(200);
    expect((await rate(groupId, ana.id, cy, { stars: 4, comment: 'Clear rules' })).statusCode).toBe(200);
    expect((await warn(groupId, ben.id, ana, { reason: 'Rude in the chat' })).statusCode).toBe(201);

    const reply = await get(t.app, `/api/groups/${groupId}/reputation`, dee.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    const view = reply.json();
    expect(view).toMatchObject({ groupId, isAdmin: false, viewerId: dee.id, peerRatingEnabled: true });
    const summary = view.members.map((m: Record<string, unknown>) => [
      m.name,
      m.reputationScore,
      m.level,
      m.riskScore,
      m.riskLevel,
      m.paymentsOnTime,
      m.totalPayments,
      m.onTimeRate,
      m.contributions,
      m.warnings,
    ]);
    expect(summary).toEqual([
      // Trust 60 (on time) + 3 (a 5 and a 4: (4.5 − 3) × 2) = 63.
      [ana.fullName, 63, 'poor', 37, 'medium', 1, 1, 100, '100.00', 0],
      // Trust 60, one warning −5.
      [ben.fullName, 55, 'critical', 45, 'medium', 1, 1, 100, '100.00', 1],
      // Late: no on-time points, −2; kept at 0.
      [cy.fullName, 0, 'critical', 100, 'critical', 0, 1, 0, '100.00', 0],
      // Missed: −5; kept at 0.
      [dee.fullName, 0, 'critical', 100, 'critical', 0, 1, 0, '0.00', 0],
    ]);
    const [anaRow, benRow] = view.members;
    expect(anaRow).toMatchObject({ isActive: true, status: 'active', ratings: { count: 2, average: 4.5 } });
    expect(anaRow.formula.trust.factors).toContainEqual({ key: 'peer_ratings', points: 3, maxPoints: 10 });
    expect(anaRow.formula).toMatchObject({ trustScore: 63, warningPoints: 0 });
    expect(benRow.formula).toMatchObject({ trustScore: 60, warningPoints: -5 });

    // The ratings are part of the trust score the Verification tab shows too.
    const verification = (await get(t.app, `/api/groups/${groupId}/verification`, dee.auth)).json();
    const anaTrust = verification.members.find((m: { userId: number }) => m.userId === ana.id);
    expect(anaTrust.trustScore).toBe(63);
    expect(anaTrust.explanation.peerRatings).toEqual({ count: 2, average: 4.5 });

    // Across circles: a rating Ana got in another circle counts for her trust score, not for this
    // circle's ratings. (Written directly: Ana is not in that circle; only the totals matter here.)
    const elsewhere = await activeCircle(t, 3);
    await t.db.insert(peerRatings).values({
      groupId: elsewhere.groupId,
      raterId: elsewhere.admin.id,
      rateeId: ana.id,
      stars: 1,
      comment: 'Left early',
    });
    const after = (await get(t.app, `/api/groups/${groupId}/reputation`, dee.auth)).json().members[0];
    // 5 + 4 + 1 = 10 stars over 3 ratings: (10 − 9) → +1.
    expect(after).toMatchObject({ reputationScore: 61, ratings: { count: 2, average: 4.5 } });
    expect(after.formula.trust.peerRatings).toEqual({ count: 3, average: 3.3 });
    const outsider = await get(t.app, `/api/groups/${groupId}/reputation`, elsewhere.admin.auth);
    expect([outsider.statusCode, outsider.json().code]).toEqual([404, 'GROUP_NOT_FOUND']);
    expect((await get(t.app, `/api/groups/${groupId}/reputation`)).statusCode).toBe(401);
  });
});
