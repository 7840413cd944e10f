import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationKindOf } from '#server/core/notification-preferences.ts';
import { type NotificationType, notify } from '#server/core/notify.ts';
import { notifications, users } from '#server/db/schema.ts';
import { emailsTo } from '#server/test/email-support.ts';
import { newMember, post, put } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { emailLanguages } from './languages.ts';

/** Each mailed type with the data its caller gives notify(). */
const mailed: [NotificationType, Record<string, string | number>][] = [
  ['payment_due_soon', { groupName: 'Family <Circle>', amount: '25.00', dueDate: '2026-12-01' }],
  ['payment_overdue', { groupName: 'Family <Circle>', amount: '25.00', dueDate: '2026-12-01' }],
  ['payment_reminder', { groupName: 'Family <Circle>', amount: '25.00', dueDate: '2026-12-01' }],
  ['payout_received', { groupName: 'Family <Circle>', amount: '125.50', cycle: 3 }],
  ['withdrawal_completed', { amount: '40.00' }],
  ['withdrawal_failed', { amount: '40.00', reason: 'Account closed' }],
  ['approval_requested', { groupName: 'Family <Circle>', actionType: 'remove_member', actionId: 7 }],
  ['application_approved', { groupName: 'Family <Circle>' }],
  ['application_rejected', { groupName: 'Family <Circle>', reason: 'The circle is full' }],
];

describe.each(testEngines)('notification emails (%s)', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      configure: (config) => {
        config.email.publicUrl = 'https://circle.example';
      },
    });
  });
  afterAll(() => t?.close());

  async function member(language = 'en') {
    const form = newMember();
    const reply = await post(t.app, '/api/auth/register', form);
    expect(reply.statusCode).toBe(201);
    const id = reply.json().user.id as number;
    await t.db.update(users).set({ language }).where(eq(users.id, id));
    // Registration may mail a verification link: count only notification mail from here on.
    const before = (await emailsTo(t.db, form.email)).length;
    return { ...form, id, before, auth: { authorization: reply.json().sessionId as string } };
  }
  const mailsOf = async (m: { email: string; before: number }) =>
    (await emailsTo(t.db, m.email)).slice(0, -m.before || undefined);
  const inAppOf = async (id: number) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, id))).map((n) => n.type);
  const send = (id: number, type: NotificationType, data: Record<string, string | number>, groupId = 12) =>
    t.db.transaction((tx) => notify(tx, new Date(), [id], type, groupId, data));

  it.each(mailed)('%s: one email in the reader’s language with an unsubscribe link', async (type, data) => {
    for (const language of emailLanguages) {
      const m = await member(language);
      await send(m.id, type, data);
      const mails = await mailsOf(m);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail).toMatchObject({
        userId: m.id,
        toAddress: m.email,
        language,
        kind: type,
        status: 'queued',
      });
      expect(mail.textBody).toContain(m.fullName);
      expect(mail.textBody).toMatch(/https:\/\/circle\.example\/unsubscribe\?token=[\w.-]+/);
      expect(mail.htmlBody).toContain(`lang="${language}"`);
      expect(mail.htmlBody).not.toContain('<Circle>');
      if ('amount' in data && language === 'en') expect(mail.textBody).toContain(`$${data.amount}`);
      if (language === 'en' && type.startsWith('payment_'))
        expect(mail.textBody).toContain('December 1, 2026');
      if (language === 'en' && 'reason' in data) expect(mail.textBody).toContain(String(data.reason));
    }
  });

  it('writes each language differently (no English left in the others)', async () => {
    const subjects = new Set<string>();
    for (const language of emailLanguages) {
      const m = await member(language);
      await send(m.id, 'payout_received', mailed[3]![1]);
      subjects.add((await mailsOf(m))[0]!.subject);
    }
    expect(subjects.size).toBe(emailLanguages.length);
  });

  it.each(mailed)(
    '%s: no email with its kind’s email switched off; in-app still written',
    async (type, data) => {
      const m = await member();
      const kind = notificationKindOf[type];
      const off = await put(
        t.app,
        '/api/user/notification-preferences',
        { kind, channel: 'email', enabled: false },
        m.auth,
      );
      expect(off.statusCode).toBe(200);
      await send(m.id, type, data);
      expect(await mailsOf(m)).toHaveLength(0);
      expect(await inAppOf(m.id)).toEqual([type]);
    },
  );

  it('mails with in-app switched off; the email’s own link turns that kind’s email off', async () => {
    const m = await member('fr');
    await put(
      t.app,
      '/api/user/notification-preferences',
      { kind: 'payouts', channel: 'inApp', enabled: false },
      m.auth,
    );
    await send(m.id, 'withdrawal_completed', { amount: '40.00' });
    expect(await inAppOf(m.id)).toEqual([]);
    const [mail] = await mailsOf(m);
    const token = /\/unsubscribe\?token=([\w.-]+)/.exec(mail!.textBody)?.[1];
    expect(token).toBeDefined();
    const reply = await post(t.app, '/api/notifications/unsubscribe', { token });
    expect(reply.json()).toEqual({ success: true, kind: 'payouts' });

    await send(m.id, 'payout_received', mailed[3]![1]);
    expect(await mailsOf(m)).toHaveLength(1);
    // Other kinds still mail.
    await send(m.id, 'application_approved', { groupName: 'Book club' });
    expect(await mailsOf(m)).toHaveLength(2);
  });

  it('mails nothing for types without an email, nor to an erased address, and rolls back with the event', async () => {
    const m = await member();
    await send(m.id, 'group_active', { groupName: 'x' });
    await send(m.id, 'contribution_confirmed', { groupName: 'x', amount: '1.00' });
    expect(await mailsOf(m)).toHaveLength(0);

    await t.db
      .transaction(async (tx) => {
        await notify(tx, new Date(), [m.id], 'payout_received', 1, mailed[3]![1]);
        throw new Error('the event failed');
      })
      .catch(() => {});
    expect(await mailsOf(m)).toHaveLength(0);

    await t.db
      .update(users)
      .set({ email: `gone-${m.id}@deleted.invalid` })
      .where(eq(users.id, m.id));
    await send(m.id, 'payout_received', mailed[3]![1]);
    expect(await emailsTo(t.db, `gone-${m.id}@deleted.invalid`)).toHaveLength(0);
  });
});
