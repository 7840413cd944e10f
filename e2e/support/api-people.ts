import { type APIResponse, type Browser, expect } from '@playwright/test';
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
