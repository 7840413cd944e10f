import { expectReply, sendJson } from './http-client.ts';

export type Person = { id: number; auth: Record<string, string> };

/** A circle as the test drives it: members in payout order (join order), one contribution each cycle. */
export type Circle = {
  id: number;
  contributionCents: number;
  /** payoutOrder[c - 1] receives cycle c. */
  payoutOrder: number[];
};

let people = 0;

export async function signUp(baseUrl: string): Promise<Person> {
  people += 1;
  const name = `crash${process.pid}x${people}`;
  const reply = await expectReply(201, baseUrl, 'POST', '/api/auth/register', {
    username: name,
    email: `${name}@example.org`,
    fullName: `Crash Member ${people}`,
    password: 'violet-harbor-2931',
  });
  return { id: reply.json.user.id, auth: { authorization: reply.json.sessionId } };
}

/** A calendar date `days` from today (UTC): cycles due then are neither late nor paid out automatically. */
function daysAhead(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The admin creates a weekly circle starting in a month and the others join through its invite
 * code, in the order given; the last seat activates it. Payouts go in join order.
 */
export async function createActiveCircle(
  baseUrl: string,
  name: string,
  admin: Person,
  joiners: Person[],
  contributionAmount: string,
): Promise<Circle> {
  const created = await expectReply(
    201,
    baseUrl,
    'POST',
    '/api/groups',
    {
      name,
      contributionAmount,
      memberLimit: joiners.length + 1,
      frequency: 'weekly',
      startDate: daysAhead(30),
      gracePeriodDays: 3,
    },
    admin.auth,
  );
  const { id, inviteCode } = created.json;
  // The invite lookup is rate-limited per address: once per circle.
  const found = await expectReply(
    200,
    baseUrl,
    'GET',
    `/api/groups/invite/${inviteCode}`,
    undefined,
    admin.auth,
  );
  if (found.json.group.id !== id) throw new Error(`invite ${inviteCode} found group ${found.json.group.id}`);
  let status = 'recruiting';
  for (const person of joiners)
    ({ status } = (
      await expectReply(200, baseUrl, 'POST', `/api/groups/${id}/join`, { inviteCode }, person.auth)
    ).json);
  if (status !== 'active') throw new Error(`circle ${id} is ${status} after filling`);
  return {
    id,
    contributionCents: Math.round(Number(contributionAmount) * 100),
    payoutOrder: [admin.id, ...joiners.map((p) => p.id)],
  };
}

/** Sends a keyed request until it gets a final reply (a server start-up may still answer 503). */
export async function sendUntilReplied(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
) {
  for (let attempt = 0; ; attempt++) {
    const reply = await sendJson(baseUrl, 'POST', path, body, headers);
    if (reply.status < 500 && reply.json?.code !== 'IDEMPOTENCY_IN_PROGRESS') return reply;
    if (attempt >= 20) throw new Error(`${path} kept answering ${reply.status}: ${reply.text}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
