import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '#server/db/verification-schema.ts';
import { runDueWork } from '#server/jobs/worker.ts';
import { post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { latestOutbox, notificationsOf, type TestApp } from '#server/test/verification-support.ts';
import { LETTER_CODE_TTL_DAYS, PHONE_CODE_TTL_MINUTES } from '#shared/verification.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const home = { line1: '12 Harbor St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };

describe.each(testEngines)('verification codes leave the outbox once they are no use on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const outboxOf = (userId: number) =>
    t.db.select().from(outboxMessages).where(eq(outboxMessages.userId, userId));
  const bellCodes = async (userId: number) =>
    (await notificationsOf(t, userId))
      .filter((n) => n.type.startsWith('verification_code_'))
      .map((n) => String(n.data.code));

  it('a texted code stays while it can be used, then is removed from the outbox and the sandbox bell', async () => {
    const ana = await signUp(t.app);
    expect(
      (await post(t.app, '/api/verification/phone', { phoneNumber: '+1 202 555 0188' }, ana.auth)).statusCode,
    ).toBe(200);
    const { code } = await latestOutbox(t, ana.id, 'sms');

    t.clock.advance((PHONE_CODE_TTL_MINUTES - 1) * MINUTE);
    await runDueWork(t.ctx);
    expect((await outboxOf(ana.id))[0]!.body).toContain(code);
    expect(await bellCodes(ana.id)).toEqual([code]);

    t.clock.advance(2 * MINUTE);
    await runDueWork(t.ctx);
    const [text] = await outboxOf(ana.id);
    expect(text!.body).not.toContain(code);
    expect(text!.body).not.toMatch(/\d{6}/);
    expect(text!.destination).toBe('+12025550188');
    expect(await bellCodes(ana.id)).toEqual(['••••••']);
  });

  it('a mailed code stays for the letter’s validity, then is removed', async () => {
    const ben = await signUp(t.app);
    expect((await post(t.app, '/api/verification/address', home, ben.auth)).statusCode).toBe(200);
    const { code } = await latestOutbox(t, ben.id, 'mail');
    t.clock.advance((LETTER_CODE_TTL_DAYS - 1) * DAY);
    await runDueWork(t.ctx);
    expect((await outboxOf(ben.id))[0]!.body).toContain(code);
    t.clock.advance(2 * DAY);
    await runDueWork(t.ctx);
    expect((await outboxOf(ben.id))[0]!.body).not.toContain(code);
    expect(await bellCodes(ben.id)).toEqual(['••••••']);
  });

  it('a message a carrier has delivered keeps no code, even before it expires', async () => {
    const cy = await signUp(t.app);
    await post(t.app, '/api/verification/phone', { phoneNumber: '+1 202 555 0199' }, cy.auth);
    const { code, id } = await latestOutbox(t, cy.id, 'sms');
    await t.db.update(outboxMessages).set({ sentAt: t.clock.now() }).where(eq(outboxMessages.id, id));
    await runDueWork(t.ctx);
    expect((await outboxOf(cy.id))[0]!.body).not.toContain(code);
  });
});
