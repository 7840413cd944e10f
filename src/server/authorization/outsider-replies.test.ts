import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions, notifications } from '#server/db/groups-schema.ts';
import { groupInvitations } from '#server/db/invitations-schema.ts';
import { apiOperations, type Operation, urlOf } from '#server/test/api-operations.ts';
import { activeCircle, everyonePaysCash, type Person, verifiedBank } from '#server/test/circles.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { type ExampleIds, routeExamples } from '#server/test/route-examples.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

/** The ids that name someone else's object, and a well-formed one of each that names nothing. */
const nothing: Partial<Record<keyof ExampleIds, number | string>> = {
  memberId: 2_147_483_646,
  groupId: 2_147_483_647,
  approvalGroupId: 2_147_483_647,
  applicationId: 2_147_483_647,
  invitationId: 2_147_483_647,
  contributionId: 2_147_483_647,
  payoutId: 2_147_483_647,
  escrowId: 2_147_483_647,
  disputeId: 2_147_483_647,
  actionId: 2_147_483_647,
  notificationId: 2_147_483_647,
  messageId: 2_147_483_647,
  bankAccountId: 2_147_483_647,
  bankLinkSession: 'bls_0000000000000000000000',
  identitySession: 'sbx_idv_0000000000000000',
};

/**
 * Joining is authorised by the invite code, not by the id (join-authorization.test.ts); looking a
 * circle up by its code is how one finds it.
 */
const notWalked = new Set(['POST /api/groups/{id}/join', 'GET /api/groups/invite/{code}']);
/** The id only narrows the caller's own records: nothing of anyone else's is named. */
const filters = new Set(['GET /api/user/history']);

/**
 * Findings 1 and 5 of issue 10: an outsider must learn nothing from an id. For every documented
 * route and every id it takes (path or body), a signed-in stranger naming someone else's real
 * object (a circle, contribution, payout, escrow, dispute, pending action, request to join,
 * notification, bank account, bank-link or identity session) gets exactly the reply, status and
 * body, that naming an object that does not exist gets: a 4xx, never a 403 that says it exists.
 */
describe.each(testEngines)('an outsider learns nothing from an id, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let operations: Operation[];
  let outsider: Person;
  let world: ExampleIds;

  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
    operations = apiOperations(t.app);
    const { admin, members, groupId, detail } = await activeCircle(t, 3);
    const [, member, late] = members as [Person, Person, Person];
    // Cycle 1 is paid and handed over outside the app (a payout awaiting its receipt); cycle 2 collects.
    await everyonePaysCash(t, admin, groupId, members);
    const paid = await post(
      t.app,
      '/api/groups/process-payout',
      { groupId, cycleNumber: 1, delivery: 'off_app', method: 'cash' },
      admin.auth,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const escrows = (await get(t.app, `/api/groups/${groupId}/escrow`, admin.auth)).json().escrows;
    const escrowId = escrows.find((e: { cycleNumber: number }) => e.cycleNumber === 2).id as number;
    const [unpaid] = await t.db
      .select()
      .from(contributions)
      .where(and(eq(contributions.userId, late.id), eq(contributions.cycle, 2)));
    const dispute = await post(t.app, `/api/escrow/${escrowId}/disputes`, { reason: 'Not yet' }, member.auth);
    expect(dispute.statusCode, dispute.body).toBe(201);
    await put(t.app, `/api/groups/${groupId}/safeguards/member_vote`, { enabled: true }, admin.auth);
    const order = (await get(t.app, `/api/groups/${groupId}`, admin.auth))
      .json()
      .cycles.filter((c: { status: string }) => c.status !== 'completed')
      .map((c: { recipientId: number }) => c.recipientId);
    const asked = await post(
      t.app,
      '/api/groups/adjust-rotation',
      { groupId, newOrder: [...order].reverse() },
      admin.auth,
    );
    expect(asked.statusCode, asked.body).toBe(202);
    // A circle that reviews its members, with a request to join waiting.
    const club = (
      await post(
        t.app,
        '/api/groups',
        { name: 'Teachers club', contributionAmount: '40', memberLimit: 5, requireApproval: true },
        admin.auth,
      )
    ).json();
    const applicant = await signUp(t.app);
    const applied = await post(
      t.app,
      `/api/groups/${club.id}/join`,
      { inviteCode: club.inviteCode, reason: 'I teach with Ana' },
      applicant.auth,
    );
    expect(applied.statusCode, applied.body).toBe(202);
    const [notification] = await t.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    const linkSession = await post(t.app, '/api/create-financial-connections-session', {}, member.auth);
    const identity = await post(t.app, '/api/stripe/identity-verification', {}, member.auth);
    const said = await post(t.app, `/api/groups/${groupId}/messages`, { message: 'Hello all' }, member.auth);
    expect(said.statusCode, said.body).toBe(201);
    // An invitation sent while the circle recruited (now it is full, so it is written directly).
    const [invited] = await t.db
      .insert(groupInvitations)
      .values({
        groupId,
        email: 'friend.of.ana@example.org',
        invitedBy: admin.id,
        tokenHash: 'outsider-walk-invitation',
        sentAt: t.clock.now(),
        expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
      })
      .returning();
    outsider = await signUp(t.app);
    world = {
      self: outsider.id,
      memberId: member.id,
      groupId,
      inviteCode: detail.group.inviteCode,
      approvalGroupId: club.id,
      applicationId: applied.json().application.id,
      invitationId: invited!.id,
      contributionId: unpaid!.id,
      payoutId: paid.json().payoutId,
      escrowId,
      disputeId: dispute.json().disputeId,
      actionId: asked.json().pendingActionId,
      notificationId: notification!.id,
      messageId: said.json().id,
      bankAccountId: (await verifiedBank(t, member.id)).id,
      bankLinkSession: linkSession.json().sessionId,
      identitySession: new URL(identity.json().verificationUrl, 'http://x').searchParams.get('session')!,
    };
  });
  afterAll(() => t.close());

  const send = (operation: Operation, ids: ExampleIds) => {
    const request = routeExamples[operation.key]!(ids);
    return t.app.inject({
      method: operation.method,
      url: urlOf(operation, request),
      headers: outsider.auth,
      ...(request.body !== undefined ? { payload: request.body as object } : {}),
    });
  };

  it.each(Object.keys(routeExamples).filter((k) => !notWalked.has(k)))('%s', async (key) => {
    const operation = operations.find((o) => o.key === key);
    if (!operation) return;
    const differences: string[] = [];
    for (const [name, missing] of Object.entries(nothing) as [keyof ExampleIds, number | string][]) {
      const elsewhere = { ...world, [name]: missing };
      const real = routeExamples[key]!(world);
      // Only the ids this route takes.
      if (JSON.stringify(real) === JSON.stringify(routeExamples[key]!(elsewhere))) continue;
      const onReal = await send(operation, world);
      const onMissing = await send(operation, elsewhere);
      const allowed = filters.has(key) || (onMissing.statusCode >= 400 && onMissing.statusCode < 500);
      if (onReal.statusCode !== onMissing.statusCode || onReal.body !== onMissing.body || !allowed)
        differences.push(
          `${name}: someone else's → ${onReal.statusCode} ${onReal.body}; none → ${onMissing.statusCode} ${onMissing.body}`,
        );
    }
    expect(differences).toEqual([]);
  });
});
