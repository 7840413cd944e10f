import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, post } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('per-person limits follow the person, not the session, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual' });
  });
  afterAll(() => t.close());

  async function signedUp() {
    const member = newMember();
    const reply = await post(t.app, '/api/auth/register', member);
    expect(reply.statusCode).toBe(201);
    return { member, auth: { authorization: reply.json().sessionId as string } };
  }

  async function signInAgain(member: { username: string; password: string }) {
    const reply = await post(t.app, '/api/auth/login', {
      username: member.username,
      password: member.password,
    });
    expect(reply.statusCode).toBe(200);
    return { authorization: reply.json().sessionId as string };
  }

  it.each([
    ['the bank-link budget', '/api/create-financial-connections-session', 20],
    ['the identity-start budget', '/api/stripe/identity-verification', 10],
  ])('%s stays used up after a fresh sign-in', async (_name, url, budget) => {
    const { member, auth } = await signedUp();
    for (let i = 0; i < budget; i++) expect((await post(t.app, url, undefined, auth)).statusCode).toBe(200);
    const refused = await post(t.app, url, undefined, auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const fresh = await signInAgain(member);
    const again = await post(t.app, url, undefined, fresh);
    expect(again.statusCode).toBe(429);

    // Someone else's budget is their own.
    const other = await signedUp();
    expect((await post(t.app, url, undefined, other.auth)).statusCode).toBe(200);
  });
});
