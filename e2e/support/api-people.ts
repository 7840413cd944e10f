import { type APIRequestContext, type APIResponse, type Browser, expect } from '@playwright/test';
import { uniqueMember } from './checks.ts';

/**
 * Someone signed up through the API in a browser context of their own: its cookie signs the pages
 * in, and `request` calls the API as them (for the steps a journey does not click through).
 */
export async function apiPerson(browser: Browser, baseURL: string, fullName: string) {
  const member = { ...uniqueMember(), fullName };
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const reply = await context.request.post('/api/auth/register', { data: member });
  expect(reply.status(), await reply.text()).toBe(201);
  const { user } = (await reply.json()) as { user: { id: number } };
  return { ...member, id: user.id, context, page: await context.newPage(), request: context.request };
}

export type ApiPerson = Awaited<ReturnType<typeof apiPerson>>;

/** The reply's JSON, after checking that the call succeeded (its body is the failure message). */
export async function ok(reply: Promise<APIResponse>) {
  const response = await reply;
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** Days pass on the server's test clock (and its due work runs); every browser follows its date. */
export async function moveClock(request: APIRequestContext, days: number, people: ApiPerson[]) {
  const { now } = await ok(request.post('/api/test/clock', { data: { advanceDays: days } }));
  for (const p of people) await p.context.clock.setFixedTime(new Date(now));
  return String(now).slice(0, 10);
}

/** Days later every session has idled out (12 hours): sign in again. */
export async function signInAgain(people: ApiPerson[]) {
  for (const p of people)
    await ok(p.request.post('/api/auth/login', { data: { username: p.username, password: p.password } }));
}
