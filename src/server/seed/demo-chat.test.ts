import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupAnnouncements, groupMessages, groups } from '#server/db/schema.ts';
import { createTestApp } from '#server/test/test-app.ts';
import { seedDemo } from './demo.ts';

// The seed's own content: PGlite is enough.
describe('the demo family tanda’s chat', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { jobs: 'manual' });
    await seedDemo(t.ctx);
  });
  afterAll(() => t.close());

  it('has a few members’ messages, the app’s messages from its history and one announcement', async () => {
    const [tanda] = await t.db.select().from(groups).where(eq(groups.name, 'Family Tanda'));
    const messages = await t.db
      .select()
      .from(groupMessages)
      .where(and(eq(groupMessages.groupId, tanda!.id)))
      .orderBy(groupMessages.id);
    expect(messages.filter((m) => m.messageType === 'text')).toHaveLength(4);
    const kinds = new Set(messages.map((m) => m.systemKind));
    for (const kind of ['member_joined', 'contribution_confirmed', 'payout_sent'])
      expect(kinds).toContain(kind);
    // In the order they happened.
    const times = messages.map((m) => m.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const announcements = await t.db
      .select()
      .from(groupAnnouncements)
      .where(eq(groupAnnouncements.groupId, tanda!.id));
    expect(announcements).toHaveLength(1);
  });
});
