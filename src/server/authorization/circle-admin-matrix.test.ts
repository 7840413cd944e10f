import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDebts } from '#server/db/membership-schema.ts';
import { DAY, fundWallet, type Person } from '#server/test/circles.ts';
import { emailsTo } from '#server/test/email-support.ts';
import { typicalGroupSettings } from '#server/test/group-settings-body.ts';
import { get, post, put, type Reply, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

/**
 * Who may call each route of issue 14 ("Running a circle"): every row is called as each of six
 * callers and must answer exactly the status in its column.
 *
 *   anon   not signed in                      → 401 everywhere
 *   outs   signed in, in none of these circles → 404 (ids tell outsiders nothing)
 *   other  the admin of another circle         → 404, like any outsider
 *   member a plain member                      → 403 on admin-only routes (NOT_GROUP_ADMIN / NOT_GROUP_OWNER)
 *   coad   a co-admin (role admin, not owner)
 *   owner  the circle's owner (groups.createdBy)
 *
 * Circles: {R} recruiting (settings, rules, invitations, roles, leave), {A} active (summary,
 * statement, reputation, removal), {T} recruiting (ownership transfer, offered to `member`), {I}
 * recruiting (one invitation mailed to the outsider's address: only the addressee may see or use it),
 * {O} the other admin's own circle, through which the last rows name this circle's objects.
 * Path placeholders: {victim} a different plain member of {A} per caller that may remove one; {rule},
 * {invitation} likewise one per caller; {self} the caller; {debt} the member's own debt.
 *
 * Business refusals (not authorization) named in the table:
 *   409 OWNER_CANNOT_LEAVE  the owner leaves, previews their own leave, or a co-admin removes the owner
 *   409 CANNOT_REMOVE_SELF  the owner removes themselves (checked before OWNER_CANNOT_LEAVE)
 *   409 CANNOT_CHANGE_OWN_ROLE  the owner demotes themselves
 * Authorization refusals that are not the generic ones:
 *   403 INVITATION_OTHER_EMAIL  a signed-in caller who is not the invitation's addressee
 *   404 OWNERSHIP_TRANSFER_NOT_FOUND  anyone but the offer's target (the owner too) answers it
 *   404 DEBT_NOT_FOUND  someone else's debt
 *   403 ONLY_OWNER_REMOVES_ADMIN  a co-admin removes (or previews removing) another co-admin
 *
 * Within a row the refused callers go first, then the allowed ones, so a refusal never depends on
 * state an allowed call changed (an offer answered, an invitation used), and each allowed call finds
 * its target intact. Rows run in order; the leave row is last.
 */
const ROLES = ['anonymous', 'outsider', 'otherAdmin', 'member', 'coAdmin', 'owner'] as const;
type Role = (typeof ROLES)[number];
type Row = [route: string, ...statuses: number[]];

// biome-ignore format: the table is easier to read aligned.
const MATRIX: Row[] = [
  //                                                                 anon outs other member coad owner
  ['GET /api/groups/{A}/management-summary',                           401, 404, 404,  200,  200, 200],
  ['GET /api/groups/{A}/statement',                                    401, 404, 404,  403,  200, 200],
  ['GET /api/groups/{A}/statement.csv',                                401, 404, 404,  403,  200, 200],
  ['GET /api/groups/{R}/settings',                                     401, 404, 404,  200,  200, 200],
  ['PUT /api/groups/{R}/settings',                                     401, 404, 404,  403,  200, 200],
  ['GET /api/groups/{R}/rules',                                        401, 404, 404,  200,  200, 200],
  ['POST /api/groups/{R}/rules',                                       401, 404, 404,  403,  201, 201],
  ['PUT /api/groups/{R}/rules/{rule}',                                 401, 404, 404,  403,  200, 200],
  ['DELETE /api/groups/{R}/rules/{rule}',                              401, 404, 404,  403,  200, 200],
  ['POST /api/groups/{R}/invite',                                      401, 404, 404,  403,  201, 201],
  ['GET /api/groups/{R}/invitations',                                  401, 404, 404,  403,  200, 200],
  ['POST /api/groups/{R}/invitations/{invitation}/resend',             401, 404, 404,  403,  200, 200],
  ['DELETE /api/groups/{R}/invitations/{invitation}',                  401, 404, 404,  403,  200, 200],
  ['GET /api/invitations/{token}',                                     401, 200, 403,  403,  403, 403],
  ['POST /api/invitations/{token}/accept',                             401, 200, 403,  403,  403, 403],
  ['GET /api/groups/{A}/reputation',                                   401, 404, 404,  200,  200, 200],
  ['PUT /api/groups/{A}/ratings/{v0}',                                 401, 404, 404,  200,  200, 200],
  ['POST /api/groups/{A}/members/{v0}/warnings',                       401, 404, 404,  403,  201, 201],
  ['GET /api/groups/{A}/members',                                      401, 404, 404,  200,  200, 200],
  ['PUT /api/groups/{R}/members/{promotee}/role',                      401, 404, 404,  403,  403, 200],
  ['PUT /api/groups/{R}/members/{owner}/role',                         401, 404, 404,  403,  403, 409],
  ['PUT /api/groups/{R}/members/{coAdmin2}/role',                      401, 404, 404,  403,  403, 200],
  ['POST /api/groups/{T}/ownership-transfer',                          401, 404, 404,  403,  403, 200],
  ['GET /api/groups/{T}/ownership-transfer',                           401, 404, 404,  200,  200, 200],
  ['POST /api/groups/{T}/ownership-transfer/decline',                  401, 404, 404,  200,  404, 404],
  ['DELETE /api/groups/{T}/ownership-transfer',                        401, 404, 404,  403,  403, 200],
  ['POST /api/groups/{T}/ownership-transfer/accept',                   401, 404, 404,  200,  404, 404],
  ['GET /api/groups/{A}/members/{v0}/removal-preview',                 401, 404, 404,  403,  200, 200],
  ['GET /api/groups/{A}/members/{self}/removal-preview',               401, 404, 404,  200,  200, 409],
  ['GET /api/groups/{A}/members/{coAdmin2}/removal-preview',           401, 404, 404,  403,  403, 200],
  ['DELETE /api/groups/{A}/members/{victim}',                          401, 404, 404,  403,  200, 200],
  ['DELETE /api/groups/{A}/members/{owner}',                           401, 404, 404,  403,  409, 409],
  ['DELETE /api/groups/{A}/members/{coAdmin2}',                        401, 404, 404,  403,  403, 200],
  ['GET /api/debts/mine',                                              401, 200, 200,  200,  200, 200],
  ['POST /api/debts/{debt}/pay',                                       401, 404, 404,  200,  404, 404],
  ['POST /api/groups/{R}/leave',                                       401, 404, 404,  200,  200, 409],
  // One circle's objects named through another circle ({O}, where `other` is the admin): not found.
  ['PUT /api/groups/{O}/rules/{rule}',                                 401, 404, 404,  404,  404, 404],
  ['DELETE /api/groups/{O}/rules/{rule}',                              401, 404, 404,  404,  404, 404],
  ['POST /api/groups/{O}/invitations/{invitation}/resend',             401, 404, 404,  404,  404, 404],
  ['DELETE /api/groups/{O}/invitations/{invitation}',                  401, 404, 404,  404,  404, 404],
  ['PUT /api/groups/{O}/ratings/{v0}',                                 401, 404, 404,  404,  404, 404],
  ['POST /api/groups/{O}/members/{v0}/warnings',                       401, 404, 404,  404,  404, 404],
  ['PUT /api/groups/{O}/members/{promotee}/role',                      401, 404, 404,  404,  404, 404],
  ['POST /api/groups/{O}/ownership-transfer',                          401, 404, 404,  404,  404, 404],
  ['GET /api/groups/{O}/members/{v0}/removal-preview',                 401, 404, 404,  404,  404, 404],
  ['DELETE /api/groups/{O}/members/{v0}',                              401, 404, 404,  404,  404, 404],
];

type World = {
  people: Record<Exclude<Role, 'anonymous'>, Person>;
  ids: Record<string, number | string>;
  /** One target per caller for calls that use their target up. */
  perCaller: Record<'victim' | 'rule' | 'invitation', Partial<Record<Role, number>> & { refused: number }>;
};

let addresses = 0;
const newAddress = () => `matrix${process.pid}x${++addresses}@example.org`;

/** Request bodies, by the row's route; calls that could succeed twice get a fresh body each. */
const bodies: Record<string, (w: World) => object> = {
  'PUT /api/groups/{R}/settings': () => typicalGroupSettings,
  'POST /api/groups/{R}/rules': () => ({ title: 'Pay on time', description: 'Before the market opens.' }),
  'PUT /api/groups/{R}/rules/{rule}': () => ({
    title: 'Pay early',
    description: 'A day ahead.',
    active: true,
  }),
  'POST /api/groups/{R}/invite': () => ({ email: newAddress() }),
  'POST /api/invitations/{token}/accept': () => ({}),
  'PUT /api/groups/{A}/ratings/{v0}': () => ({ stars: 4, comment: 'Always on time' }),
  'POST /api/groups/{A}/members/{v0}/warnings': () => ({ reason: 'Late twice this season' }),
  'PUT /api/groups/{R}/members/{promotee}/role': () => ({ role: 'admin' }),
  'PUT /api/groups/{R}/members/{owner}/role': () => ({ role: 'member' }),
  'PUT /api/groups/{R}/members/{coAdmin2}/role': () => ({ role: 'member' }),
  'POST /api/groups/{T}/ownership-transfer': (w) => ({ toUserId: w.people.member.id }),
};

/** A row naming objects through {O} sends what its row on the objects' own circle sends. */
const bodyFor = (route: string) =>
  bodies[route] ?? ['{R}', '{A}', '{T}'].map((g) => bodies[route.replace('{O}', g)]).find(Boolean);

/** What a row's allowed callers must (not) be shown, beyond the status. */
const shown: Record<string, (role: Role, reply: Reply) => void> = {
  // The open offer is for the owner and its target; a co-admin is not told of it.
  'GET /api/groups/{T}/ownership-transfer': (role, reply) =>
    expect(reply.json().transfer === null, role).toBe(role === 'coAdmin'),
};

describe.each(testEngines)('who may run a circle (issue 14 routes), on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let w: World;

  const ok = async (reply: Promise<Reply>, status = 200) => {
    const r = await reply;
    expect(r.statusCode, r.body).toBe(status);
    return r.json();
  };

  /** A monthly circle `owner` creates; the joiners take seats by code (filling it makes it active). */
  async function circle(owner: Person, joiners: Person[], memberLimit: number) {
    const firstDue = new Date(t.clock.now().getTime() + 4 * DAY);
    const group = await ok(
      post(
        t.app,
        '/api/groups',
        {
          name: 'Harbor market susu',
          contributionAmount: '100.00',
          memberLimit,
          frequency: 'monthly',
          contributionDay: firstDue.getUTCDate(),
          startDate: firstDue.toISOString().slice(0, 10),
          gracePeriodDays: 3,
        },
        owner.auth,
      ),
      201,
    );
    for (const joiner of joiners)
      await ok(post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, joiner.auth));
    return group.id as number;
  }
  const promote = (groupId: number, owner: Person, who: Person) =>
    ok(put(t.app, `/api/groups/${groupId}/members/${who.id}/role`, { role: 'admin' }, owner.auth));
  const offer = () =>
    ok(
      post(
        t.app,
        `/api/groups/${w.ids.T}/ownership-transfer`,
        { toUserId: w.people.member.id },
        w.people.owner.auth,
      ),
    );

  /** State a row needs that an earlier row used up: an open ownership offer. */
  const setups: Record<string, () => Promise<unknown>> = {
    'DELETE /api/groups/{T}/ownership-transfer': offer,
    'POST /api/groups/{T}/ownership-transfer/accept': offer,
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
    const outsiderEmail = newAddress();
    const [owner, coAdmin, coAdmin2, member, promotee, otherAdmin, outsider] = [
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app, { email: outsiderEmail }),
    ] as Person[];
    const victims = [await signUp(t.app), await signUp(t.app), await signUp(t.app)] as Person[];
    const [v0, v1, v2] = victims as [Person, Person, Person];

    const R = await circle(owner!, [coAdmin!, coAdmin2!, member!, promotee!], 10);
    const A = await circle(owner!, [coAdmin!, coAdmin2!, member!, ...victims], 7);
    const T = await circle(owner!, [coAdmin!, member!], 10);
    // Filling its seats started {A}; {R} still recruits.
    for (const [g, status] of [
      [A, 'active'],
      [R, 'recruiting'],
    ] as const)
      expect((await ok(get(t.app, `/api/groups/${g}`, owner!.auth))).group.status).toBe(status);
    const I = await circle(owner!, [], 10);
    const O = await circle(otherAdmin!, [], 10);
    for (const g of [R, A, T]) await promote(g, owner!, coAdmin!);
    for (const g of [R, A]) await promote(g, owner!, coAdmin2!);

    const rules: number[] = [];
    for (let i = 0; i < 3; i++)
      rules.push(
        (
          await ok(
            post(
              t.app,
              `/api/groups/${R}/rules`,
              bodies['POST /api/groups/{R}/rules']!({} as World),
              owner!.auth,
            ),
            201,
          )
        ).id,
      );
    const invitations: number[] = [];
    for (let i = 0; i < 3; i++)
      invitations.push(
        (await ok(post(t.app, `/api/groups/${R}/invite`, { email: newAddress() }, owner!.auth), 201))
          .invitation.id,
      );
    await ok(post(t.app, `/api/groups/${I}/invite`, { email: outsiderEmail }, owner!.auth), 201);
    const mail = (await emailsTo(t.db, outsiderEmail))[0];
    const token = /\/invitations\/([\w-]+)/.exec(mail!.textBody)![1]!;
    // A resend is refused within a minute of the last send: let that minute pass.
    t.clock.advance(2 * 60_000);

    // The member owes the active circle's reserve (as after a departure) and can pay it.
    const [debt] = await t.db
      .insert(memberDebts)
      .values({
        groupId: A,
        userId: member!.id,
        reason: 'missed_before_leaving',
        amountCents: 1_000,
        createdAt: t.clock.now(),
      })
      .returning();
    await fundWallet(t, member!.id, 5_000);

    w = {
      people: {
        owner: owner!,
        coAdmin: coAdmin!,
        member: member!,
        outsider: outsider!,
        otherAdmin: otherAdmin!,
      },
      ids: {
        R,
        O,
        A,
        T,
        token,
        debt: debt!.id,
        v0: v0.id,
        owner: owner!.id,
        coAdmin2: coAdmin2!.id,
        promotee: promotee!.id,
      },
      perCaller: {
        victim: { coAdmin: v1.id, owner: v2.id, refused: v0.id },
        rule: { coAdmin: rules[1]!, owner: rules[2]!, refused: rules[0]! },
        invitation: { coAdmin: invitations[1]!, owner: invitations[2]!, refused: invitations[0]! },
      },
    };
  }, 120_000);
  afterAll(() => t?.close());

  function url(path: string, role: Role) {
    const caller = role === 'anonymous' ? null : w.people[role];
    return path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (name === 'self') return String(caller?.id ?? w.ids.owner);
      if (name in w.perCaller) {
        const targets = w.perCaller[name as keyof World['perCaller']];
        return String(targets[role] ?? targets.refused);
      }
      if (!(name in w.ids)) throw new Error(`no id for {${name}}`);
      return String(w.ids[name]);
    });
  }

  it.each(MATRIX.map((row) => [row[0], row] as const))('%s', async (route, row) => {
    const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    const expected = Object.fromEntries(ROLES.map((role, i) => [role, row[i + 1]!])) as Record<Role, number>;
    await setups[route]?.();
    const refusedFirst = [...ROLES].sort((a, b) => Number(expected[a] < 300) - Number(expected[b] < 300));
    const got: Partial<Record<Role, number>> = {};
    const bodiesSeen: string[] = [];
    for (const role of refusedFirst) {
      const body = bodyFor(route)?.(w);
      const reply = (await t.app.inject({
        method,
        url: url(path, role),
        ...(body ? { payload: body } : {}),
        headers: role === 'anonymous' ? {} : w.people[role].auth,
      })) as Reply;
      got[role] = reply.statusCode;
      if (reply.statusCode < 300) shown[route]?.(role, reply);
      if (reply.statusCode !== expected[role]) bodiesSeen.push(`${role}: ${reply.body.slice(0, 300)}`);
    }
    expect(got, bodiesSeen.join('\n')).toEqual(expected);
  });
});
