import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('payout setup with the sandbox on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('offers all four withdrawal methods and is always ready, with nothing to set up', async () => {
    const member = await signUp(t.app);
    const info = (await get(t.app, '/api/payments/provider', member.auth)).json();
    expect(info.payoutMethods).toEqual(['bank_transfer', 'instant', 'wire', 'check']);

    const readiness = await get(t.app, '/api/payments/payout-readiness', member.auth);
    expect(readiness.statusCode, readiness.body).toBe(200);
    expect(readiness.json()).toEqual({ ready: true });

    const onboarding = await post(t.app, '/api/payments/payout-onboarding', undefined, member.auth);
    expect(onboarding.statusCode).toBe(409);
    expect(onboarding.json()).toMatchObject({
      code: 'METHOD_UNAVAILABLE',
      message: expect.stringContaining('sandbox'),
    });
  });

  it('answers only to someone signed in', async () => {
    expect((await get(t.app, '/api/payments/payout-readiness')).statusCode).toBe(401);
    expect((await post(t.app, '/api/payments/payout-onboarding')).statusCode).toBe(401);
  });
});
