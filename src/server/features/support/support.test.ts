import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, notifications, supportTickets, users } from '#server/db/schema.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { TestClock } from '#server/test/test-clock.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;

let counter = 0;
function contact(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Ama Mensah',
    email: `ama${process.pid}${counter}@example.org`,
    subject: `When is my payout? (${counter})`,
    message: 'Hello,\nI joined last week. When do I receive my payout?',
    ...overrides,
  };
}

/** A signed form opened `age` ms ago (the test clock moves instead of the test waiting). */
async function formToken(t: App, age = 5_000) {
  const reply = await get(t.app, '/api/contact/form-token');
  expect(reply.statusCode).toBe(200);
  t.clock.advance(age);
  return reply.json().formToken as string;
}

async function send(t: App, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return post(t.app, '/api/contact', { formToken: await formToken(t), ...body }, headers);
}

const ticketCount = async (t: App) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(supportTickets))[0]!.n;

async function operator(t: App) {
  const signedUp = await signUp(t.app);
  await t.db.update(users).set({ isOperator: true }).where(eq(users.id, signedUp.id));
  return signedUp;
}

describe.each(testEngines)('support tickets on %s', (engine) => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it("turns a visitor's message into an open ticket and queues the acknowledgement", async () => {
    const input = contact({ language: 'es' });
    const reply = await send(t, input);
    expect(reply.statusCode).toBe(200);
    const { ticketId } = reply.json();
    const [ticket] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(ticket).toMatchObject({ status: 'open', senderUserId: null, email: input.email, language: 'es' });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, input.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'support_ticket_received', language: 'es', userId: null });
    expect(mails[0]!.textBody).toContain(`${ticketId}`);
    expect(mails[0]!.textBody).toContain('I joined last week');
  });

  it("judges a form's fill time by the stopwatch, which the app clock's moves (by days, in another test) leave alone", async () => {
    const stopwatch = new TestClock();
    t.app.ctx.stopwatch = stopwatch;
    try {
      const { formToken } = (await get(t.app, '/api/contact/form-token')).json();
      t.clock.advance(3 * 86_400_000);
      stopwatch.advance(5_000);
      const sent = await post(t.app, '/api/contact', { ...contact(), formToken });
      expect(sent.statusCode).toBe(200);
    } finally {
      t.app.ctx.stopwatch = t.clock;
    }
  });

  it('refuses a filled honeypot and a form sent too soon, writing nothing', async () => {
    const before = await ticketCount(t);
    const honeypot = await send(t, contact({ website: 'http://spam.example' }));
    expect(honeypot.statusCode).toBe(400);
    expect(honeypot.json().code).toBe('CONTACT_FORM_REFUSED');
    const tooFast = await post(t.app, '/api/contact', { ...contact(), formToken: await formToken(t, 500) });
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json().code).toBe('CONTACT_FORM_REFUSED');
    const forged = await post(t.app, '/api/contact', { ...contact(), formToken: '1000.forgedsignature' });
    expect(forged.statusCode).toBe(400);
    expect(await ticketCount(t)).toBe(before);
  });

  it('answers 400 with the messages for missing fields', async () => {
    const reply = await send(t, contact({ name: ' ', subject: '', message: 'x'.repeat(5001) }));
    expect(reply.statusCode).toBe(400);
    const messages = reply.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Please enter your name',
        'Please enter a subject',
        'Keep your message to 5,000 characters or fewer',
      ]),
    );
  });

  it('limits one address to 5 requests an hour (429)', async () => {
    const email = `busy${process.pid}@example.org`;
    for (let i = 0; i < 5; i++) expect((await send(t, contact({ email }))).statusCode).toBe(200);
    const sixth = await send(t, contact({ email: email.toUpperCase() }));
    expect(sixth.statusCode).toBe(429);
    t.clock.advance(3_600_000);
    expect((await send(t, contact({ email }))).statusCode).toBe(200);
  });

  it('refuses members on every operator route (403)', async () => {
    const member = await signUp(t.app);
    const replies = await Promise.all([
      get(t.app, '/api/operations/support/tickets', member.auth),
      get(t.app, '/api/operations/support/tickets/1', member.auth),
      get(t.app, '/api/operations/support/metrics', member.auth),
      post(t.app, '/api/operations/support/tickets/1/assign', undefined, member.auth),
      post(t.app, '/api/operations/support/tickets/1/replies', { body: 'hi' }, member.auth),
      put(t.app, '/api/operations/support/tickets/1/status', { status: 'resolved' }, member.auth),
    ]);
    for (const reply of replies) expect(reply.statusCode).toBe(403);
  });

  it('lets an operator assign, answer (email and notification), resolve and reopen', async () => {
    const sender = await signUp(t.app);
    const ops = await operator(t);
    const input = contact();
    const { ticketId } = (await send(t, input, sender.auth)).json();

    const open = await get(t.app, '/api/operations/support/tickets?status=open', ops.auth);
    expect(open.json().tickets.map((x: { id: number }) => x.id)).toContain(ticketId);

    const assigned = await post(
      t.app,
      `/api/operations/support/tickets/${ticketId}/assign`,
      undefined,
      ops.auth,
    );
    expect(assigned.json().ticket).toMatchObject({
      assigneeId: ops.id,
      status: 'in_progress',
      fromMember: true,
    });

    const answered = await post(
      t.app,
      `/api/operations/support/tickets/${ticketId}/replies`,
      { body: 'Your payout is in cycle 3.' },
      ops.auth,
    );
    expect(answered.statusCode).toBe(200);
    const { ticket } = answered.json();
    expect(ticket.messages.map((m: { author: string }) => m.author)).toEqual(['sender', 'operator']);
    expect(ticket.messages[1].authorName).toBe(ops.fullName);
    expect(ticket.firstResponseAt).not.toBeNull();

    const reply = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'support_ticket_reply'));
    expect(reply.filter((m) => m.toAddress === input.email)).toHaveLength(1);
    expect(reply.find((m) => m.toAddress === input.email)!.textBody).toContain('Your payout is in cycle 3.');
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, sender.id));
    expect(notes.map((n) => n.type)).toEqual(['support_ticket_answered']);

    const path = `/api/operations/support/tickets/${ticketId}/status`;
    const resolved = await put(t.app, path, { status: 'resolved' }, ops.auth);
    expect(resolved.json().ticket).toMatchObject({ status: 'resolved' });
    expect(resolved.json().ticket.resolvedAt).not.toBeNull();
    const reopened = await put(t.app, path, { status: 'open' }, ops.auth);
    expect(reopened.json().ticket).toMatchObject({ status: 'open', resolvedAt: null });

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `ticket:${ticketId}`))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([
      ['support_ticket_assigned', ops.id],
      ['support_ticket_answered', ops.id],
      ['support_ticket_status_changed', ops.id],
      ['support_ticket_status_changed', ops.id],
    ]);

    const missing = await get(t.app, '/api/operations/support/tickets/999999', ops.auth);
    expect(missing.statusCode).toBe(404);
  });

  it("shows a signed-in sender their own tickets and answers, never anyone else's", async () => {
    const ana = await signUp(t.app);
    const ben = await signUp(t.app);
    const ops = await operator(t);
    const mine = (await send(t, contact({ subject: 'Ana asks' }), ana.auth)).json().ticketId;
    const theirs = (await send(t, contact({ subject: 'Ben asks' }), ben.auth)).json().ticketId;
    // A visitor's ticket from Ana's address is not hers in the app: the session decides, not the email.
    await send(t, contact({ subject: 'Visitor asks' }));
    await post(
      t.app,
      `/api/operations/support/tickets/${mine}/replies`,
      { body: 'Answer for Ana' },
      ops.auth,
    );

    const list = (await get(t.app, '/api/support/my-tickets', ana.auth)).json().tickets;
    expect(list.map((x: { id: number }) => x.id)).toEqual([mine]);
    expect(list[0].messages.map((m: { body: string }) => m.body)).toContain('Answer for Ana');
    const bens = (await get(t.app, '/api/support/my-tickets', ben.auth)).json().tickets;
    expect(bens.map((x: { id: number }) => x.id)).toEqual([theirs]);
    expect((await get(t.app, '/api/support/my-tickets')).statusCode).toBe(401);
  });
});

describe.each(testEngines)('support metrics on %s', (engine) => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  it('computes the counts by status and the median first-response and resolution times', async () => {
    const ops = await operator(t);
    const HOUR = 3_600_000;
    // Three tickets: answered after 1 h, 3 h and 5 h; the first two resolved after 2 h and 10 h.
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await send(t, contact())).json().ticketId);
    const [a, b, c] = ids as [number, number, number];
    // All three were sent within seconds of each other; the waits below dwarf those seconds.
    t.clock.advance(HOUR);
    await post(t.app, `/api/operations/support/tickets/${a}/replies`, { body: 'One' }, ops.auth);
    t.clock.advance(HOUR);
    await put(t.app, `/api/operations/support/tickets/${a}/status`, { status: 'resolved' }, ops.auth);
    t.clock.advance(HOUR);
    await post(t.app, `/api/operations/support/tickets/${b}/replies`, { body: 'Two' }, ops.auth);
    t.clock.advance(2 * HOUR);
    await post(t.app, `/api/operations/support/tickets/${c}/replies`, { body: 'Three' }, ops.auth);
    t.clock.advance(5 * HOUR);
    await put(t.app, `/api/operations/support/tickets/${b}/status`, { status: 'resolved' }, ops.auth);

    const reply = await get(t.app, '/api/operations/support/metrics?period=week', ops.auth);
    expect(reply.statusCode).toBe(200);
    const metrics = reply.json();
    expect(metrics.counts).toEqual({ open: 0, in_progress: 1, resolved: 2 });
    expect(metrics.received).toBe(3);
    const tolerance = 60_000; // the seconds between the three sends
    expect(Math.abs(metrics.medianFirstResponseMs - 3 * HOUR)).toBeLessThan(tolerance);
    // Resolved after 2 h and 10 h: the median of two is their mean, 6 h.
    expect(Math.abs(metrics.medianResolutionMs - 6 * HOUR)).toBeLessThan(tolerance);

    t.clock.advance(8 * 86_400_000);
    const later = (await get(t.app, '/api/operations/support/metrics?period=week', ops.auth)).json();
    expect(later).toMatchObject({ received: 0, medianFirstResponseMs: null, medianResolutionMs: null });
    expect(later.counts.resolved).toBe(2);
  });
});

describe('the contact form per address (IP)', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp('pglite', { configure: (config) => (config.limits.contactPerIpPerHour = 2) });
  });
  afterAll(() => t.close());

  it('answers 429 once one address has sent its hourly share', async () => {
    expect((await send(t, contact())).statusCode).toBe(200);
    expect((await send(t, contact())).statusCode).toBe(200);
    const third = await send(t, contact());
    expect(third.statusCode).toBe(429);
  });
});
