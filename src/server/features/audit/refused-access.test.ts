import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.ts';
import { activeCircle, type Person } from '#server/test/circles.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('refused access is audited on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let circle: Awaited<ReturnType<typeof activeCircle>>;
  let stranger: Person;
  beforeAll(async () => {
    t = await createTestApp(engine);
    circle = await activeCircle(t);
    stranger = await signUp(t.app);
  });
  afterAll(() => t.close());

  const refusalsOf = (userId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorUserId, userId))
      .then((rows) => rows.filter((row) => row.action === 'access_refused'));

  it('a stranger trying an admin money route leaves one audit row: who, which route, why', async () => {
    const reply = await post(
      t.app,
      '/api/groups/process-payout',
      { groupId: circle.groupId, cycleNumber: 1 },
      { ...stranger.auth, 'idempotency-key': 'stranger-payout-try' },
    );
    expect([403, 404]).toContain(reply.statusCode);
    const rows = await refusalsOf(stranger.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: stranger.id,
      subject: 'POST /api/groups/process-payout',
      ip: expect.any(String),
      details: { status: reply.statusCode, code: reply.json().code },
    });
    const written = JSON.stringify(rows[0]);
    expect(written).not.toContain(stranger.auth.authorization);
    expect(written).not.toContain('stranger-payout-try');
  });

  it('records the route pattern and the ids in it, never the raw URL', async () => {
    const member = circle.members[1]!;
    const before = (await refusalsOf(member.id)).length;
    const freeze = await post(
      t.app,
      `/api/groups/${circle.groupId}/freeze`,
      { reason: 'testing' },
      member.auth,
    );
    expect(freeze.statusCode).toBe(403);
    const dashboard = await get(t.app, `/api/user/${circle.admin.id}/dashboard`, member.auth);
    expect(dashboard.statusCode).toBe(403);
    const rows = (await refusalsOf(member.id)).slice(before);
    expect(rows.map((r) => [r.subject, (r.details as { code: string }).code])).toEqual([
      ['POST /api/groups/:groupId/freeze', 'NOT_GROUP_ADMIN'],
      ['GET /api/user/:userId/dashboard', 'FORBIDDEN'],
    ]);
    expect(rows[0]!.details).toMatchObject({ params: { groupId: circle.groupId } });
  });

  it('no row for a signed-out caller, an allowed call or a business refusal', async () => {
    const count = async () =>
      (await t.db.select().from(auditLog)).filter((r) => r.action === 'access_refused').length;
    const before = await count();
    expect((await post(t.app, `/api/groups/${circle.groupId}/freeze`, { reason: 'x' })).statusCode).toBe(401);
    expect((await get(t.app, `/api/groups/${circle.groupId}`, circle.admin.auth)).statusCode).toBe(200);
    const unfreeze = await post(
      t.app,
      `/api/groups/${circle.groupId}/unfreeze`,
      undefined,
      circle.admin.auth,
    );
    expect(unfreeze.statusCode).toBe(409);
    expect(await count()).toBe(before);
  });
});
