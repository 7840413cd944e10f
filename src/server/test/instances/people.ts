import { randomBytes } from 'node:crypto';
import { expectReply, sendJson } from '../crash/http-client.ts';
import { type CircleRef, join, login, type Server } from './calls.ts';

/**
 * A person as the test drives them. Each talks from an address of their own (X-Forwarded-For; the
 * servers trust the test as their load balancer: TRUST_PROXY), so the per-address limits, set low for the test, bite only
 * where the test means them to.
 */
export type Person = {
  id: number;
  username: string;
  password: string;
  address: string;
  /** Authorization and X-Forwarded-For: what every request of this person carries. */
  auth: Record<string, string>;
};

const run = randomBytes(3).toString('hex');
let addresses = 0;
let people = 0;

/** A client address no other request of this run uses. */
export function freshAddress() {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

export const PASSWORD = 'violet-harbor-2931';

/** A valid sign-up payload with a name unique to this run. */
export function newSignUp() {
  people += 1;
  const username = `inst${run}x${people}`;
  return {
    username,
    email: `${username}@example.org`,
    fullName: `Instance Member ${people}`,
    password: PASSWORD,
  };
}

export async function signUp(server: Server): Promise<Person> {
  const form = newSignUp();
  const address = freshAddress();
  const reply = await expectReply(201, server.baseUrl, 'POST', '/api/auth/register', form, {
    'x-forwarded-for': address,
  });
  return {
    id: reply.json.user.id,
    username: form.username,
    password: form.password,
    address,
    auth: { authorization: reply.json.sessionId, 'x-forwarded-for': address },
  };
}

/** Signs the person in on `server` from their own address; returns them with the new session. */
export async function signIn(server: Server, person: Person): Promise<Person> {
  const reply = await login(server, { username: person.username, password: person.password }, person.address);
  if (reply.status !== 200)
    throw new Error(`login of ${person.username} answered ${reply.status}: ${reply.text}`);
  return { ...person, auth: { ...person.auth, authorization: reply.json.sessionId } };
}

/** A calendar date `days` from the real today (UTC). */
export function dateAhead(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export type CircleSettings = { memberLimit: number; autoPayout?: boolean; startInDays?: number };

/** The admin creates a weekly circle; its first contribution is due `startInDays` from today. */
export async function createCircle(
  server: Server,
  admin: Person,
  settings: CircleSettings,
): Promise<CircleRef> {
  const startDate = dateAhead(settings.startInDays ?? 30);
  const reply = await expectReply(
    201,
    server.baseUrl,
    'POST',
    '/api/groups',
    {
      name: `Instances ${run}`,
      contributionAmount: '40.00',
      memberLimit: settings.memberLimit,
      frequency: 'weekly',
      contributionDay: new Date(`${startDate}T00:00:00Z`).getUTCDay(),
      startDate,
      gracePeriodDays: 1,
      autoPayout: settings.autoPayout ?? false,
    },
    admin.auth,
  );
  return { id: reply.json.id, inviteCode: reply.json.inviteCode };
}

/** Joins and insists on a seat; returns the circle's status afterwards. */
export async function joinOrFail(server: Server, circle: CircleRef, person: Person): Promise<string> {
  const reply = await join(server, circle, person.auth);
  if (reply.status !== 200)
    throw new Error(`join of circle ${circle.id} answered ${reply.status}: ${reply.text}`);
  return reply.json.status;
}

/** GET /api/user with these headers: 200 with the user, or 401. */
export function whoAmI(server: Server, headers: Record<string, string>) {
  return sendJson(server.baseUrl, 'GET', '/api/user', undefined, headers);
}
