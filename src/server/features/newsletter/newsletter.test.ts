import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSignups } from '#server/db/schema.ts';
import { post } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('POST /api/newsletter-signup on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const stored = async (email: string) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(newsletterSignups)
        .where(sql`lower(${newsletterSignups.email}) = ${email.toLowerCase()}`)
    )[0]!.n;

  it('stores an email once, however often and in whatever case it is sent', async () => {
    const replies = await Promise.all(
      ['Ana@Example.org', 'ana@example.org', 'ANA@EXAMPLE.ORG', ' ana@example.org '].map((email) =>
        post(t.app, '/api/newsletter-signup', { email }),
      ),
    );
    for (const reply of replies) expect(reply.json()).toEqual({ success: true });
    expect(await stored('ana@example.org')).toBe(1);
  });

  it.each([[''], ['no-at-sign'], ['a@'], [42]])('rejects %o with "Invalid email address"', async (email) => {
    const reply = await post(t.app, '/api/newsletter-signup', { email });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('Invalid email address');
  });
});
