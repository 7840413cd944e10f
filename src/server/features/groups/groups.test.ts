import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('a circle’s life over the API on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const healthy = async () => expect(await checkLedgerInvariants(t.db)).toEqual([]);

  async function circle(size = 3, extra: Record<string, unknown> = {}) {
    const admin = await signUp(t.app);
    const created = await post(
      t.app,
      '/api/groups',
      {
        name: 'Friday tanda',
        contributionAmount: '100.00',
        memberLimit: size,
        createdBy: admin.id,
        ...extra,
      },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    return { admin, group: created.json() };
  }

  it('creates a recruiting group with an unambiguous upper-case invite code and the creator as admin', async () => {
    const { admin, group } = await circle();
    expect(group).toMatchObject({
      status: 'recruiting',
      currentMembers: 1,
      memberLimit: 3,
      contributionAmount: '100.00',
    });
    expect(group.inviteCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    const detail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(detail.viewer.isAdmin).toBe(true);
    expect(detail.members).toHaveLength(1);
  });

  it.each([
    [{ contributionAmount: '0.50' }, 'Contribution amount must be at least $1'],
    [{ memberLimit: 2 }, 'Must have at least 3 members'],
    [{ memberLimit: 21 }, 'Cannot exceed 20 members'],
    [{ contributionAmount: '12.345' }, 'Enter an amount in dollars and cents, like 25 or 25.50'],
    [{ name: '  ' }, 'Group name is required'],
  ])('refuses %o with "%s"', async (override, message) => {
    const admin = await signUp(t.app);
    const reply = await post(
      t.app,
      '/api/groups',
      { name: 'x', contributionAmount: '10', memberLimit: 5, ...override },
      admin.auth,
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
  });

  it('creates only with a penalty its settings can save again (at most 25%)', async () => {
    const admin = await signUp(t.app);
    const body = { name: 'x', contributionAmount: '10', memberLimit: 5 };
    const tooHigh = await post(t.app, '/api/groups', { ...body, penaltyPercentage: 26 }, admin.auth);
    expect(tooHigh.statusCode).toBe(400);
    const created = await post(t.app, '/api/groups', { ...body, penaltyPercentage: 25 }, admin.auth);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const { settings } = (await get(t.app, `/api/groups/${id}/settings`, admin.auth)).json();
    expect(settings.penaltyPercentage).toBe(25);
    const saved = await put(t.app, `/api/groups/${id}/settings`, settings, admin.auth);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses a createdBy or userId that is not the signed-in user', async () => {
    const admin = await signUp(t.app);
    const other = await signUp(t.app);
    const reply = await post(
      t.app,
      '/api/groups',
      { name: 'x', contributionAmount: '10', memberLimit: 5, createdBy: other.id },
      admin.auth,
    );
    expect(reply.statusCode).toBe(403);
    const { group } = await circle();
    const join = await post(
      t.app,
      `/api/groups/${group.id}/join`,
      { inviteCode: group.inviteCode, userId: admin.id },
      other.auth,
    );
    expect(join.statusCode).toBe(403);
  });

  it('finds a group by invite code in any case, and says so when it does not exist', async () => {
    const { group } = await circle();
    const visitor = await signUp(t.app);
    const found = await get(t.app, `/api/groups/invite/${group.inviteCode.toLowerCase()}`, visitor.auth);
    expect(found.statusCode).toBe(200);
    expect(found.json().group).toMatchObject({ id: group.id, status: 'recruiting', currentMembers: 1 });
    expect(found.json().group.inviteCode).toBeUndefined();
    const missing = await get(t.app, '/api/groups/invite/ZZZZZZZZ', visitor.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      'No group found with this invite code. Please check the code and try again.',
    );
  });

  it('runs a full circle: fills, collects, pays out each cycle once, completes, ledger balanced throughout', async () => {
    const { admin, group } = await circle(3);
    const members = [admin, await signUp(t.app), await signUp(t.app)];
    for (const m of members.slice(1)) {
      const join = await post(
        t.app,
        `/api/groups/${group.id}/join`,
        { inviteCode: group.inviteCode },
        m.auth,
      );
      expect(join.statusCode, join.body).toBe(200);
    }
    const late = await signUp(t.app);
    const full = await post(
      t.app,
      `/api/groups/${group.id}/join`,
      { inviteCode: group.inviteCode },
      late.auth,
    );
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This group is full and no longer accepting members.');

    let detail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(detail.group.status).toBe('active');
    expect(detail.members.map((m: { position: number }) => m.position).sort()).toEqual([1, 2, 3]);
    expect(detail.cycles).toHaveLength(3);
    // To someone outside it, the circle does not exist.
    const nonMember = await get(t.app, `/api/groups/${group.id}`, late.auth);
    expect(nonMember.statusCode).toBe(404);
    expect(nonMember.body).toBe((await get(t.app, '/api/groups/2147483647', late.auth)).body);

    for (let cycle = 1; cycle <= 3; cycle++) {
      // A member reports paying; only the admin's confirmation moves money.
      const report = await post(
        t.app,
        `/api/groups/${group.id}/contributions`,
        { method: 'bank_transfer', reference: `T${cycle}` },
        members[1]!.auth,
      );
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json().status).toBe('reported');
      const early = await post(
        t.app,
        '/api/groups/process-payout',
        { groupId: group.id, cycleNumber: cycle },
        admin.auth,
      );
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('PAYOUT_NOT_READY');

      const notAdmin = await post(
        t.app,
        `/api/contributions/${report.json().id}/confirm`,
        undefined,
        members[2]!.auth,
      );
      expect(notAdmin.statusCode).toBe(403);
      const confirmed = await post(
        t.app,
        `/api/contributions/${report.json().id}/confirm`,
        undefined,
        admin.auth,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const again = await post(
        t.app,
        `/api/contributions/${report.json().id}/confirm`,
        undefined,
        admin.auth,
      );
      expect(again.json().code).toBe('ALREADY_PAID');
      for (const m of [members[0]!, members[2]!]) {
        const cash = await post(
          t.app,
          `/api/groups/${group.id}/contributions/record`,
          { userId: m.id, method: 'cash' },
          admin.auth,
        );
        expect(cash.statusCode, cash.body).toBe(200);
      }
      await healthy();
      const paid = await post(
        t.app,
        '/api/groups/process-payout',
        { groupId: group.id, cycleNumber: cycle },
        admin.auth,
      );
      expect(paid.statusCode, paid.body).toBe(200);
      const twice = await post(
        t.app,
        '/api/groups/process-payout',
        { groupId: group.id, cycleNumber: cycle },
        admin.auth,
      );
      expect(twice.statusCode).toBe(409);
      await healthy();
    }

    detail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(detail.group.status).toBe('completed');
    expect(detail.cycles.every((c: { status: string }) => c.status === 'completed')).toBe(true);
    expect(detail.members.every((m: { hasReceivedPayout: boolean }) => m.hasReceivedPayout)).toBe(true);
    // Pool 300.00, fee 2.9% + 0.30 = 9.00, net 291.00 to each recipient.
    expect(detail.cycles.map((c: { payoutAmount: string }) => c.payoutAmount)).toEqual([
      '291.00',
      '291.00',
      '291.00',
    ]);
  });
});

describe.each(testEngines)('late payments on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  it('charges the penalty after due date plus grace; the admin records its payment or waives it, audited', async () => {
    const admin = await signUp(t.app);
    const group = (
      await post(
        t.app,
        '/api/groups',
        { name: 'Late', contributionAmount: '200.00', memberLimit: 3, gracePeriodDays: 2 },
        admin.auth,
      )
    ).json();
    const [b, c] = [await signUp(t.app), await signUp(t.app)];
    for (const m of [b, c])
      await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth);
    const due = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json().cycles[0].dueDate as string;
    // Still inside the grace period: not late.
    t.clock.advance(2 * 86_400_000);
    const onTime = (
      await post(t.app, `/api/groups/${group.id}/contributions/record`, { userId: b.id }, admin.auth)
    ).json();
    expect(onTime).toMatchObject({ late: false, penaltyStatus: 'none' });
    t.clock.advance(1 * 86_400_000);
    const late1 = (
      await post(t.app, `/api/groups/${group.id}/contributions/record`, { userId: c.id }, admin.auth)
    ).json();
    const late2 = (
      await post(t.app, `/api/groups/${group.id}/contributions/record`, { userId: admin.id }, admin.auth)
    ).json();
    expect(due).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(late1).toMatchObject({ late: true, penaltyCents: 1000, penaltyStatus: 'owed' });

    expect((await post(t.app, `/api/contributions/${late1.id}/penalty/pay`, {}, c.auth)).statusCode).toBe(
      403,
    );
    const paid = await post(
      t.app,
      `/api/contributions/${late1.id}/penalty/pay`,
      { method: 'cash' },
      admin.auth,
    );
    expect(paid.json().penaltyStatus).toBe('paid');
    expect(
      (await post(t.app, `/api/contributions/${late1.id}/penalty/pay`, {}, admin.auth)).json().code,
    ).toBe('NO_PENALTY_OWED');
    const noReason = await post(
      t.app,
      `/api/contributions/${late2.id}/penalty/waive`,
      { reason: ' ' },
      admin.auth,
    );
    expect(noReason.statusCode).toBe(400);
    const waived = await post(
      t.app,
      `/api/contributions/${late2.id}/penalty/waive`,
      { reason: 'Hospital stay' },
      admin.auth,
    );
    expect(waived.json().penaltyStatus).toBe('waived');
    const detail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(detail.reserve).toBe('10.00');
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});

describe.each(testEngines)('the reserve covering a missing member on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  it('pays out at 95% with the reserve covering the rest; the late member then repays the reserve', async () => {
    const admin = await signUp(t.app);
    const group = (
      await post(
        t.app,
        '/api/groups',
        {
          name: 'Big chama',
          contributionAmount: '100.00',
          memberLimit: 20,
          gracePeriodDays: 0,
          penaltyPercentage: 10,
        },
        admin.auth,
      )
    ).json();
    const members = [admin];
    for (let i = 0; i < 19; i++) {
      const m = await signUp(t.app);
      await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth);
      members.push(m);
    }
    t.clock.advance(2 * 86_400_000);
    const late = [];
    for (const m of members.slice(0, 19)) {
      late.push(
        (
          await post(t.app, `/api/groups/${group.id}/contributions/record`, { userId: m.id }, admin.auth)
        ).json(),
      );
    }
    for (const c of late)
      await post(t.app, `/api/contributions/${c.id}/penalty/pay`, { method: 'cash' }, admin.auth);
    expect((await get(t.app, `/api/groups/${group.id}`, admin.auth)).json().reserve).toBe('190.00');
    const paid = await post(
      t.app,
      '/api/groups/process-payout',
      { groupId: group.id, cycleNumber: 1 },
      admin.auth,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await get(t.app, `/api/groups/${group.id}`, admin.auth)).json().reserve).toBe('90.00');
    const missing = (await get(t.app, `/api/groups/${group.id}`, admin.auth))
      .json()
      .contributions.find((c: { cycle: number; status: string }) => c.cycle === 1 && c.status === 'pending');
    const settled = await post(
      t.app,
      `/api/groups/${group.id}/contributions/record`,
      { userId: missing.userId, cycle: 1 },
      admin.auth,
    );
    expect(settled.statusCode, settled.body).toBe(200);
    expect((await get(t.app, `/api/groups/${group.id}`, admin.auth)).json().reserve).toBe('190.00');
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
