import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiPerson, moveClock, ok } from './support/api-people.ts';
import { uniqueMember } from './support/checks.ts';
import { signIn, signUpInBrowser } from './support/people.ts';
import { shootEveryWay } from './support/screens.ts';

/** The demo data's operator (README; never seeded in production). */
const OPERATOR = { username: 'operator', password: 'circle-operator-2026' };

/** Clicks `button` and reads the file the browser downloads. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/** Issue 15's journey: a referral that pays, a member's own report, and the operator's side. */
test('a referral link signs up a friend whose first contribution pays the referrer; the member exports their report; an operator answers a ticket sent from the contact page', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone-width screenshots are taken inside');
  test.setTimeout(420_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const ana = await apiPerson(browser, baseURL, 'Ana Torres');
  await moveClock(ana.request, 0, [ana]);

  // Ana's referral page shows her code and the link that carries it.
  await ana.page.goto('/referral');
  const code = (await ana.page.getByTestId('referral-code').textContent())?.trim();
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  await expect(ana.page.getByText(`${new URL(baseURL).origin}/?ref=${code}`)).toBeVisible();
  await expect(ana.page.getByTestId('stat-total')).toContainText('0');

  // Kofi opens her link, then signs up: the referral is recorded, pending.
  const kofi = { ...uniqueMember(), fullName: 'Kofi Boateng' };
  const kofiContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const kofiPage = await kofiContext.newPage();
  await kofiPage.goto(`/?ref=${code}`);
  await signUpInBrowser(kofiPage, kofi);
  const kofiUser = await ok(kofiPage.request.get('/api/user'));
  await ana.page.reload();
  await expect(ana.page.getByTestId('stat-total')).toContainText('1');
  await expect(ana.page.getByTestId('stat-active')).toContainText('0');
  await expect(ana.page.getByText('Kofi', { exact: true })).toBeVisible();

  // Ana's circle of three: Kofi and Mei join with the code and it starts; Ana records her own and Kofi's
  // first contributions in cash.
  const group = await ok(
    ana.request.post('/api/groups', {
      data: { name: 'Harbor Lights Tanda', contributionAmount: '100', memberLimit: 3 },
    }),
  );
  const mei = await apiPerson(browser, baseURL, 'Mei Lin');
  for (const request of [kofiPage.request, mei.request])
    await ok(request.post(`/api/groups/${group.id}/join`, { data: { inviteCode: group.inviteCode } }));
  for (const userId of [ana.id, kofiUser.id])
    await ok(ana.request.post(`/api/groups/${group.id}/contributions/record`, { data: { userId } }));

  // Kofi's first contribution made the referral active: the first tier's $5.00 is in Ana's wallet, and
  // Kofi's welcome bonus in his.
  await ana.page.reload();
  await expect(ana.page.getByTestId('stat-active')).toContainText('1');
  await expect(ana.page.getByTestId('stat-earned')).toContainText('$5.00');
  expect((await ok(ana.request.get('/api/wallet'))).balance).toBe('5.00');
  expect((await ok(kofiPage.request.get('/api/wallet'))).balance).toBe('5.00');
  await shootEveryWay(ana.page, 'referral', async () => {
    await expect(ana.page.getByTestId('referral-code')).toBeVisible();
  });

  // Ana exports her report: the JSON of the spec (named analytics plus the date) and the same as CSV.
  await ana.page.goto('/analytics');
  await ana.page.getByRole('tab', { name: 'Reports' }).click();
  const json = await download(ana.page, () =>
    ana.page.getByRole('button', { name: 'Export Report' }).first().click(),
  );
  expect(json.name).toMatch(/^analytics-\d{4}-\d{2}-\d{2}\.json$/);
  const report = JSON.parse(json.text);
  expect(report.period).toBe('Last 6 months');
  expect(Number.isNaN(Date.parse(report.generatedAt))).toBe(false);
  expect(report.summary).toMatchObject({ totalContributed: '100.00', contributionsPaid: 1, paidOnTime: 1 });
  expect(report.circles).toEqual([
    expect.objectContaining({ groupId: group.id, groupName: 'Harbor Lights Tanda', paidIn: '100.00' }),
  ]);
  const csv = await download(ana.page, () => ana.page.getByRole('button', { name: 'Download CSV' }).click());
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.text).toContain('Harbor Lights Tanda');
  expect(csv.text).toContain('100.00');
  await shootEveryWay(ana.page, 'analytics-reports', async () => {
    await expect(ana.page.getByRole('button', { name: /Export Report|تصدير/ }).first()).toBeVisible();
  });

  // Kofi writes to support from the contact page, signed in.
  await kofiPage.goto('/contact');
  const form = kofiPage.getByTestId('contact-form');
  await form.getByLabel('Name').fill('Kofi Boateng');
  await form.getByLabel('Email', { exact: true }).fill(kofi.email);
  await form.getByLabel('Subject').fill('When is my payout?');
  await form.getByLabel('Message').fill('Hello, I joined Harbor Lights Tanda today. When will my turn come?');
  // The form refuses what is sent sooner than a person can type (3 s after the page opened).
  await kofiPage.waitForTimeout(3_000);
  await form.getByRole('button', { name: 'Send message' }).click();
  const sent = kofiPage.getByTestId('contact-sent');
  await expect(sent).toBeVisible();
  const ticket = /#(\d+)/.exec((await sent.textContent()) ?? '')?.[1];
  expect(ticket).toBeTruthy();

  // A member is not an operator: /admin and /business-operations say so.
  await ana.page.goto('/admin');
  await expect(ana.page.getByTestId('admin-forbidden')).toBeVisible();
  await ana.page.goto('/business-operations');
  await expect(ana.page.getByTestId('operators-only')).toBeVisible();

  // The operator sees the system measured, then answers Kofi's ticket.
  const operatorContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const operator = await operatorContext.newPage();
  await signIn(operator, OPERATOR.username, OPERATOR.password);
  await operator.goto('/admin');
  await expect(operator.getByTestId('system-status')).toBeVisible();
  await shootEveryWay(operator, 'system-dashboard', async () => {
    await expect(operator.getByTestId('system-status')).toBeVisible();
  });

  // Business operations: the KPI cards and the financial tab, the page's export with every table, the funnel.
  await operator.goto('/business-operations');
  await expect(operator.getByTestId('operations-kpis')).toBeVisible();
  await expect(operator.getByTestId('financial-tab')).toBeVisible();
  await shootEveryWay(operator, 'business-operations-financial', async () => {
    await expect(operator.getByTestId('financial-tab')).toBeVisible();
  });
  const exported = await download(operator, () => operator.getByTestId('export-csv').click());
  expect(exported.name).toMatch(/^business-operations-month-\d{4}-\d{2}-\d{2}\.csv$/);
  // One CSV of titled tables: every table of every tab, the support desk's and the funnel's too.
  const lines = new Set(exported.text.split(/\r?\n/).map((line) => line.replace(/^"(.*)"$/, '$1')));
  for (const table of ['KPIs', 'Financial', 'Reconciliation', 'Verification coverage', 'Members at risk'])
    expect(lines).toContain(table);
  for (const table of ['Support tickets', 'Funnel', 'Product events']) expect(lines).toContain(table);
  await operator.getByRole('tab', { name: 'Reports' }).click();
  await expect(operator.getByTestId('reports-tab')).toContainText('Signed up');

  await operator.getByRole('tab', { name: 'Support' }).click();
  const item = operator.getByTestId('ticket-list').getByRole('button', { name: /When is my payout\?/ });
  await item.click();
  const detail = operator.getByTestId('ticket-detail');
  await expect(detail).toContainText(`#${ticket}`);
  await detail.getByRole('button', { name: 'Assign to me' }).click();
  await expect(operator.getByText('The ticket is assigned to you', { exact: true })).toBeVisible();
  await detail.getByLabel('Your answer').fill('Hi Kofi, your turn is the second cycle: next month.');
  await detail.getByRole('button', { name: 'Send answer' }).click();
  await expect(operator.getByText('Answer sent', { exact: true })).toBeVisible();
  await detail.getByTestId('move-resolved').click();
  await expect(detail.getByTestId('ticket-status')).toHaveText('Resolved');
  await shootEveryWay(operator, 'business-operations-support', async () => {
    await expect(operator.getByTestId('ticket-detail')).toBeVisible();
  });

  // Kofi sees the answer in the app, and it was emailed to him.
  await kofiPage.goto('/contact');
  await expect(kofiPage.getByTestId('my-requests')).toContainText('your turn is the second cycle');
  await kofiPage.goto('/dev/mailbox');
  const answerMail = kofiPage
    .getByRole('listitem')
    .filter({ hasText: `To ${kofi.email}` })
    .filter({ hasText: 'your turn is the second cycle' });
  await expect(answerMail).toBeVisible();
});
