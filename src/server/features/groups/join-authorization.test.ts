import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFingerprint } from '#server/test/db-fingerprint.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

/** Larger than any group id the test creates, and still a valid id. */
const NO_SUCH_GROUP = 2_147_483_647;

/**
 * Finding 1 of issue 10: a signed-in stranger joined an open circle by its numeric id alone, then
 * read its members and invite code. Joining or applying needs the circle's invite code; without it
 * the answer is the same as for a circle that does not exist, so a group id tells an outsider nothing.
 */
describe.each(testEngines)('joining a circle needs its invite code, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  async function circle(requireApproval: boolean) {
    const admin = await signUp(t.app);
    const created = await post(
      t.app,
      '/api/groups',
      { name: 'Harbor susu', contributionAmount: '50', memberLimit: 4, requireApproval },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: number; inviteCode: string };
  }

  const reason = 'We sell at the same market and save for the new stall.';

  it.each([
    ['an open circle', false],
    ['a circle that reviews its members', true],
  ])(
    '%s: no code, a wrong code and another circle’s code are answered as a circle that does not exist',
    async (_name, requireApproval) => {
      const group = await circle(requireApproval);
      const other = await circle(false);
      const stranger = await signUp(t.app);
      const join = (groupId: number, body: object) =>
        post(t.app, `/api/groups/${groupId}/join`, { ...body, reason }, stranger.auth);

      const before = await databaseFingerprint(t.db);
      const nonexistent = await join(NO_SUCH_GROUP, { inviteCode: group.inviteCode });
      expect(nonexistent.statusCode).toBe(404);
      expect(nonexistent.json().code).toBe('INVITE_NOT_FOUND');
      const refusals = [
        await join(group.id, {}),
        await join(group.id, { inviteCode: 'WRONG234' }),
        await join(group.id, { inviteCode: other.inviteCode }),
        await join(group.id, { inviteCode: '' }),
        await join(NO_SUCH_GROUP, {}),
      ];
      for (const refused of refusals) {
        expect(refused.statusCode).toBe(nonexistent.statusCode);
        expect(refused.body).toBe(nonexistent.body);
      }
      // Nothing was joined or applied for, and the circle is still closed to the stranger.
      expect(await databaseFingerprint(t.db)).toEqual(before);
      const peek = await get(t.app, `/api/groups/${group.id}`, stranger.auth);
      const peekMissing = await get(t.app, `/api/groups/${NO_SUCH_GROUP}`, stranger.auth);
      expect(peek.statusCode).toBe(404);
      expect(peek.body).toBe(peekMissing.body);
      expect(peek.body).not.toContain(group.inviteCode);

      // The right code, typed in lower case with spaces around it, lets them in (or sends the request).
      const admitted = await join(group.id, { inviteCode: ` ${group.inviteCode.toLowerCase()} ` });
      expect(admitted.statusCode, admitted.body).toBe(requireApproval ? 202 : 200);
      expect(admitted.json()).toMatchObject({ success: true, groupId: group.id });
      if (!requireApproval) {
        const detail = await get(t.app, `/api/groups/${group.id}`, stranger.auth);
        expect(detail.statusCode).toBe(200);
        expect(detail.json().group.inviteCode).toBe(group.inviteCode);
      }
    },
  );
});
