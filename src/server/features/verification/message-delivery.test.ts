import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '#server/db/verification-schema.ts';
import { SANDBOX_UNREACHABLE_PHONE, sandboxDeliveries } from '#server/messaging/sandbox-provider.ts';
import { post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { latestOutbox, notificationsOf, type TestApp } from '#server/test/verification-support.ts';
import { REMOVED_BODY, removeSpentCodes } from './outbox-retention.ts';

const home = { line1: '12 Harbor St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };

describe.each(testEngines)('texts and letters through the delivery pipeline on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual' });
  });
  afterAll(() => t?.close());

  /** One sweep and every send job, retries included, as the server's job loop would run them. */
  async function deliver() {
    await t.jobs!.enqueue('message-sweep', {});
    await t.jobs!.drain({ includeDelayed: true });
  }
  const deliveredWithKey = (key: string) => sandboxDeliveries().filter((d) => d.key === key);

  it('delivers a phone code and a postal letter with the sandbox exactly once, and the bell still shows the code', async () => {
    const ana = await signUp(t.app);
    expect(
      (await post(t.app, '/api/verification/phone', { phoneNumber: '+1 202 555 0123' }, ana.auth)).statusCode,
    ).toBe(200);
    expect((await post(t.app, '/api/verification/address', home, ana.auth)).statusCode).toBe(200);
    const text = await latestOutbox(t, ana.id, 'sms');
    const letter = await latestOutbox(t, ana.id, 'mail');
    expect(text).toMatchObject({ status: 'queued', attempts: 0, jobId: null, sentAt: null });

    await deliver();
    await deliver();

    for (const message of [text, letter]) {
      const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, message.id));
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row!.sentAt).not.toBeNull();
      expect(deliveredWithKey(message.sendKey)).toEqual([
        expect.objectContaining({
          channel: message.channel,
          destination: message.destination,
          body: message.body,
        }),
      ]);
    }
    const bell = (await notificationsOf(t, ana.id)).find((n) => n.type === 'verification_code_texted');
    expect(bell?.data).toMatchObject({ code: text.code });

    // Retention: a delivered code leaves the outbox; the person still confirms with it.
    await removeSpentCodes(t.ctx);
    const [blanked] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, text.id));
    expect(blanked!.body).toBe(REMOVED_BODY);
    const confirmed = await post(
      t.app,
      '/api/verification/phone',
      { phoneNumber: '+12025550123', code: text.code },
      ana.auth,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('retries a provider that refuses the message, then marks it failed with the reason', async () => {
    const bo = await signUp(t.app);
    const [row] = await t.db
      .insert(outboxMessages)
      .values({
        userId: bo.id,
        channel: 'sms',
        destination: SANDBOX_UNREACHABLE_PHONE,
        body: 'SaveCircle code 123456',
        createdAt: t.clock.now(),
        expiresAt: new Date(t.clock.now().getTime() + 600_000),
      })
      .returning();
    await deliver();
    const [after] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id));
    expect(after).toMatchObject({ status: 'failed', attempts: 6, sentAt: null });
    expect(after!.lastError).toMatch(/not a reachable phone number/);
    expect(deliveredWithKey(row!.sendKey)).toEqual([]);
    // A failed row is not picked up again.
    await deliver();
    expect(
      (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id)))[0]!.attempts,
    ).toBe(6);
  });

  it('does not send a code that expired before its job ran, and retention still blanks it', async () => {
    const cy = await signUp(t.app);
    await post(t.app, '/api/verification/phone', { phoneNumber: '+1 202 555 0145' }, cy.auth);
    const text = await latestOutbox(t, cy.id, 'sms');
    await t.db
      .update(outboxMessages)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(outboxMessages.id, text.id));
    await deliver();
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, text.id));
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'the code expired before it was sent',
    });
    expect(deliveredWithKey(text.sendKey)).toEqual([]);
    await removeSpentCodes(t.ctx);
    expect((await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, text.id)))[0]!.body).toBe(
      REMOVED_BODY,
    );
  });

  it('after a crash between sending and recording, sends again with the same key, which the provider takes once', async () => {
    const di = await signUp(t.app);
    await post(t.app, '/api/verification/phone', { phoneNumber: '+1 202 555 0167' }, di.auth);
    const text = await latestOutbox(t, di.id, 'sms');
    // The first "mark sent" fails as if the process died there; a sequence is not rolled back.
    await t.db.execute(sql.raw('create sequence message_crash_once'));
    await t.db.execute(
      sql.raw(`create function message_crash_on_sent() returns trigger language plpgsql as $$
        begin
          if new.status = 'sent' and nextval('message_crash_once') = 1 then raise exception 'simulated crash'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger message_crash_on_sent before update on outbox_messages for each row execute function message_crash_on_sent()',
      ),
    );
    try {
      await deliver();
    } finally {
      await t.db.execute(sql.raw('drop trigger message_crash_on_sent on outbox_messages'));
    }
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, text.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(deliveredWithKey(text.sendKey)).toHaveLength(1);
  });
});

describe.each(testEngines)('texts on a running server (%s)', (engine) => {
  it('sends a phone code within seconds, without anyone draining the queue', async () => {
    const t = await createTestApp(engine, { jobs: { mode: 'background', pollingIntervalSeconds: 0.5 } });
    try {
      const ana = await signUp(t.app);
      await post(t.app, '/api/verification/phone', { phoneNumber: '+1 202 555 0189' }, ana.auth);
      const text = await latestOutbox(t, ana.id, 'sms');
      const deadline = Date.now() + 45_000;
      while (!sandboxDeliveries().some((d) => d.key === text.sendKey) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect(sandboxDeliveries().filter((d) => d.key === text.sendKey)).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 90_000);
});
