import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages } from '#server/db/schema.ts';
import { activeCircle } from '#server/test/circles.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { MESSAGES_PER_MINUTE } from '#shared/chat-limits.ts';

/**
 * The rate limit holds under a burst: 30 sends at once over real HTTP, each its own transaction (on
 * PostgreSQL, on separate connections). The member's row lock makes each count the ones before it.
 */
describe.each(testEngines)('a burst of messages on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it(`stores exactly ${MESSAGES_PER_MINUTE} of 30 parallel sends and refuses the rest with 429`, async () => {
    const { members, groupId } = await activeCircle(t, 3);
    const sender = members[1]!;
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${baseUrl}/api/groups/${groupId}/messages`, {
          method: 'POST',
          headers: { ...sender.auth, 'content-type': 'application/json', origin: baseUrl },
          body: JSON.stringify({ message: `burst ${i}` }),
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(MESSAGES_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MESSAGES_PER_MINUTE);
    const [stored] = await t.db
      .select({ n: count() })
      .from(groupMessages)
      .where(and(eq(groupMessages.groupId, groupId), eq(groupMessages.userId, sender.id)));
    expect(stored!.n).toBe(MESSAGES_PER_MINUTE);
  });
});
