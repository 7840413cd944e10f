import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailsTo } from '#server/test/email-support.ts';
import { get, newMember, post } from '#server/test/http-helpers.ts';
import {
  decodeQuotedPrintable,
  header,
  startDroppingServer,
  startSmtpServer,
} from '#server/test/smtp-stand-in.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('email delivery over SMTP (%s)', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      jobs: 'manual',
      configure: (config) => {
        config.email.mailFrom = 'SaveCircle <no-reply@savecircle.test>';
        config.email.publicUrl = 'https://app.savecircle.test';
      },
    });
  });
  afterAll(() => t?.close());

  /** One sweep and every send job, retries included, as the server's job loop would run them. */
  async function deliver(smtpUrl: string) {
    t.ctx.config.email.smtpUrl = smtpUrl;
    await t.jobs!.enqueue('email-sweep', {});
    await t.jobs!.drain({ includeDelayed: true });
  }

  async function member(overrides: Record<string, string> = {}) {
    const form = newMember(overrides);
    expect((await post(t.app, '/api/auth/register', form)).statusCode).toBe(201);
    return form;
  }

  it('delivers the reset email: recipient, subject in the member’s language, multipart, a working link', async () => {
    const smtp = await startSmtpServer();
    try {
      const m = await member({ language: 'fr' });
      await post(t.app, '/api/auth/forgot-password', { email: m.email });
      await deliver(smtp.url);

      const reset = smtp.received.find((mail) => header(mail.raw, 'Subject')?.startsWith('Réinitialisez'));
      expect(reset).toBeDefined();
      expect(reset!.to).toEqual([m.email]);
      expect(reset!.from).toBe('no-reply@savecircle.test');
      expect(header(reset!.raw, 'Subject')).toBe('Réinitialisez votre mot de passe – SaveCircle');
      expect(header(reset!.raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
      expect(reset!.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
      expect(reset!.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
      expect(header(reset!.raw, 'Message-ID')).toMatch(/^<[\w-]+@savecircle\.test>$/);

      const body = decodeQuotedPrintable(reset!.raw);
      const token = /https:\/\/app\.savecircle\.test\/reset-password\?token=([\w-]+)/.exec(body)?.[1];
      expect(token).toBeDefined();
      const done = await post(t.app, '/api/auth/reset-password', { token, password: 'amber-lantern-7720' });
      expect(done.statusCode).toBe(200);
      const signIn = await post(t.app, '/api/auth/login', {
        username: m.username,
        password: 'amber-lantern-7720',
      });
      expect(signIn.statusCode).toBe(200);

      const rows = await emailsTo(t.db, m.email);
      expect(rows.filter((r) => r.kind !== 'password_changed').map((r) => r.status)).toEqual([
        'sent',
        'sent',
      ]);
    } finally {
      await smtp.close();
    }
  });

  it('retries a server that refuses the recipient, then marks the email failed with the reason', async () => {
    const smtp = await startSmtpServer({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
    });
    try {
      const m = await member();
      await deliver(smtp.url);
      const [row] = await emailsTo(t.db, m.email);
      expect(row).toMatchObject({ status: 'failed', attempts: 6 });
      expect(row!.lastError).toMatch(/Mailbox unavailable/);
      expect(smtp.received).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('retries a server that drops the connection, then marks the email failed', async () => {
    const dropping = await startDroppingServer();
    try {
      const m = await member();
      await deliver(dropping.url);
      const [row] = await emailsTo(t.db, m.email);
      expect(row).toMatchObject({ status: 'failed', attempts: 6 });
      expect(row!.lastError).toBeTruthy();
      expect(dropping.connections()).toBe(6);
    } finally {
      await dropping.close();
    }
  });

  it('after a crash between sending and recording, resends with the same Message-ID', async () => {
    const smtp = await startSmtpServer();
    // The first "mark sent" fails as if the process died there; a sequence is not rolled back.
    await t.db.execute(sql.raw('create sequence crash_once'));
    await t.db.execute(
      sql.raw(`create function crash_on_sent() returns trigger language plpgsql as $$
        begin
          if new.status = 'sent' and nextval('crash_once') = 1 then raise exception 'simulated crash'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger crash_on_sent before update on email_outbox for each row execute function crash_on_sent()',
      ),
    );
    try {
      const m = await member();
      await deliver(smtp.url);
      const [row] = await emailsTo(t.db, m.email);
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      const copies = smtp.received.filter((mail) => mail.to.includes(m.email));
      // The window decision 0026 describes: the server saw it twice, as one message.
      expect(copies).toHaveLength(2);
      expect(header(copies[0]!.raw, 'Message-ID')).toBe(header(copies[1]!.raw, 'Message-ID'));
      expect(header(copies[0]!.raw, 'Message-ID')).toBe(`<${row!.sendKey}@savecircle.test>`);

      // Sent rows are never picked up again.
      await deliver(smtp.url);
      expect(smtp.received.filter((mail) => mail.to.includes(m.email))).toHaveLength(2);
    } finally {
      await t.db.execute(sql.raw('drop trigger crash_on_sent on email_outbox'));
      await smtp.close();
    }
  });

  it('gives a row back to the sweep when its job runs on a server without SMTP', async () => {
    const smtp = await startSmtpServer();
    try {
      const m = await member();
      t.ctx.config.email.smtpUrl = smtp.url;
      await t.jobs!.enqueue('email-sweep', {});
      await t.jobs!.drain({ only: ['email-sweep'] });
      expect((await emailsTo(t.db, m.email))[0]!.jobId).not.toBeNull();
      // Restarted without SMTP before the send job ran.
      t.ctx.config.email.smtpUrl = undefined;
      await t.jobs!.drain({ includeDelayed: true });
      expect((await emailsTo(t.db, m.email))[0]).toMatchObject({
        status: 'queued',
        jobId: null,
        attempts: 0,
      });
      // And with SMTP again, it goes out.
      await deliver(smtp.url);
      expect((await emailsTo(t.db, m.email))[0]!.status).toBe('sent');
      expect(smtp.received.filter((mail) => mail.to.includes(m.email))).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('without SMTP leaves messages queued, and the development mailbox shows them to operators', async () => {
    t.ctx.config.email.smtpUrl = undefined;
    const m = await member();
    await t.jobs!.enqueue('email-sweep', {});
    await t.jobs!.drain({ includeDelayed: true });
    const [row] = await emailsTo(t.db, m.email);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, jobId: null });

    const signUp = await post(t.app, '/api/auth/register', newMember());
    const auth = { authorization: signUp.json().sessionId as string };
    expect((await get(t.app, '/api/dev/mailbox', auth)).json().code).toBe('FORBIDDEN');
    await t.db.execute(sql`update users set is_operator = true where id = ${signUp.json().user.id}`);
    const mailbox = await get(t.app, '/api/dev/mailbox', auth);
    expect(mailbox.statusCode).toBe(200);
    const mine = mailbox.json().messages.find((msg: { to: string }) => msg.to === m.email);
    expect(mine).toMatchObject({ kind: 'verify_email', status: 'queued' });
    expect(mine.links).toEqual([
      expect.stringMatching(/^https:\/\/app\.savecircle\.test\/verify-email\?token=/),
    ]);
    expect(mailbox.json().messages.length).toBeLessThanOrEqual(50);
  });
});

describe.each(testEngines)('email delivery by a running server (%s)', (engine) => {
  it('sends a sign-up email within seconds, without anyone draining the queue', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp(engine, {
      jobs: { mode: 'background', pollingIntervalSeconds: 0.5 },
      configure: (config) => {
        config.email.smtpUrl = smtp.url;
        config.email.mailFrom = 'no-reply@savecircle.test';
      },
    });
    try {
      const m = newMember();
      expect((await post(t.app, '/api/auth/register', m)).statusCode).toBe(201);
      const deadline = Date.now() + 45_000;
      while (smtp.received.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect(smtp.received.map((mail) => mail.to)).toEqual([[m.email]]);
      expect(header(smtp.received[0]!.raw, 'Subject')).toBe('Confirm your email address – SaveCircle');
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 90_000);
});
