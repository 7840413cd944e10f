import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiPerson } from './support/api-people.ts';
import { expectAccessible, snap } from './support/checks.ts';
import { auditIn, expectLanguage, setView, shoot, views } from './support/views.ts';

type Cycle = { cycleNumber: number; recipientId: number; recipientName: string; dueDate: string };
type Detail = {
  group: { id: number; frequency: string; gracePeriodDays: number; inviteCode: string };
  cycles: Cycle[];
};

async function detailOf(request: APIRequestContext, groupId: number): Promise<Detail> {
  const reply = await request.get(`/api/groups/${groupId}`);
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as Detail;
}

/** The calendar day as the page shows it in English (noon UTC, like the app). */
const shown = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first given weekday (0 = Sunday) strictly after a date. */
function weekdayAfter(date: string, weekday: number) {
  let next = addDays(date, 1);
  while (new Date(`${next}T00:00:00Z`).getUTCDay() !== weekday) next = addDays(next, 1);
  return next;
}

async function openTab(page: Page, name: 'Schedule' | 'Rotation') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function rotationNames(page: Page) {
  return (await page.getByTestId('rotation-list').locator('li p.font-medium').allTextContents()).map((n) =>
    n.replace(' (you)', ''),
  );
}

test('an admin re-dates the schedule and reorders the payouts of a running circle', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone screenshots are taken inside');
  test.setTimeout(360_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const admin = await apiPerson(browser, baseURL, 'Amara Okafor');
  const members = [
    await apiPerson(browser, baseURL, 'Bao Tran'),
    await apiPerson(browser, baseURL, 'Camila Reyes'),
    await apiPerson(browser, baseURL, 'Dae-jung Park'),
  ];
  const everyone = [admin, ...members];

  // The admin creates a monthly circle of four, starting well ahead (other journeys move the server clock).
  const page = admin.page;
  await page.goto('/create-group');
  await page.getByLabel('Group name').fill('Harbor Tanda');
  await page.getByLabel('Monthly contribution amount').fill('50');
  await page.getByLabel('Number of members').selectOption('4');
  await page.getByText('More settings').click();
  const start = addDays(new Date().toISOString().slice(0, 10), 300);
  await page.getByLabel('Start date').fill(start);
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page.getByText('Group Created Successfully!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Group' }).click();
  const groupUrl = new URL(page.url()).pathname;
  const groupId = Number(groupUrl.split('/').pop());

  // While it recruits, the order cannot be adjusted yet, and the page says why.
  await openTab(page, 'Rotation');
  await expect(page.getByTestId('rotation-locked')).toHaveText(/set when the circle is full/);
  await expect(page.getByRole('button', { name: 'Adjust Order' })).toHaveCount(0);

  // While it recruits, the start date can still move (a week later here).
  const newStart = addDays(start, 7);
  await openTab(page, 'Schedule');
  await page.getByRole('button', { name: 'Edit Schedule' }).click();
  await expect(page.getByText('worked out from these settings when the circle is full')).toBeVisible();
  await page.getByTestId('schedule-editor').getByLabel('Start date').fill(newStart);
  await page.getByTestId('schedule-editor').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Schedule Updated', { exact: true })).toBeVisible();
  await expect(page.getByTestId('schedule-config')).toContainText(shown(newStart));

  const { inviteCode } = (await detailOf(admin.request, groupId)).group;
  for (const m of members) {
    const joined = await m.request.post(`/api/groups/${groupId}/join`, { data: { inviteCode } });
    expect(joined.ok(), await joined.text()).toBe(true);
  }
  const before = await detailOf(admin.request, groupId);
  expect(before.cycles).toHaveLength(4);
  expect(before.cycles[0]!.dueDate >= newStart).toBe(true);

  // A member sees the schedule and the order but no edit controls.
  await members[0]!.page.goto(`${groupUrl}?tab=schedule`);
  await expect(members[0]!.page.getByTestId('schedule-config')).toBeVisible();
  await expect(members[0]!.page.getByRole('button', { name: 'Edit Schedule' })).toHaveCount(0);
  await openTab(members[0]!.page, 'Rotation');
  await expect(members[0]!.page.getByTestId('rotation-list')).toBeVisible();
  await expect(members[0]!.page.getByRole('button', { name: 'Adjust Order' })).toHaveCount(0);

  // Schedule: weekly on Fridays, 2 days' grace, reminders 5 days ahead.
  await page.goto(`${groupUrl}?tab=schedule`);
  await page.getByRole('button', { name: 'Edit Schedule' }).click();
  const editor = page.getByTestId('schedule-editor');
  await expect(editor.getByText('Cycle 1, under way now, keeps its dates.')).toBeVisible();
  await editor.getByLabel('Frequency').selectOption('weekly');
  await editor.getByLabel('Day of the week').selectOption({ label: 'Friday' });
  await editor.getByLabel('Grace period').selectOption('2');
  await editor.getByLabel('Payment reminder').selectOption('5');
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, 'schedule-editing-en');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Schedule Updated', { exact: true })).toBeVisible();
  await expect(editor).toBeHidden();

  const cycle1Due = before.cycles[0]!.dueDate;
  const due2 = weekdayAfter(cycle1Due, 5);
  const expectedDue = [cycle1Due, due2, addDays(due2, 7), addDays(due2, 14)];
  const after = await detailOf(admin.request, groupId);
  expect(after.cycles.map((c) => c.dueDate)).toEqual(expectedDue);
  expect(after.group).toMatchObject({ frequency: 'weekly', gracePeriodDays: 2 });
  const checkSchedule = async () => {
    const upcoming = page.getByTestId('upcoming-cycles');
    for (const due of expectedDue.slice(1))
      await expect(upcoming).toContainText(`Due ${shown(due)} · payout ${shown(addDays(due, 2))}`);
    await expect(page.getByTestId('schedule-config')).toContainText('Friday');
    await expect(page.getByTestId('schedule-config')).toContainText('5 days before');
  };
  await checkSchedule();
  await page.reload();
  await checkSchedule();
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, 'schedule-saved-en');

  // Cycle 1 is collected and paid out, so it becomes fixed in the rotation.
  for (const m of everyone) {
    const paid = await admin.request.post(`/api/groups/${groupId}/contributions/record`, {
      data: { userId: m.id },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
  }
  const payout = await admin.request.post('/api/groups/process-payout', {
    data: { groupId, cycleNumber: 1 },
  });
  expect(payout.ok(), await payout.text()).toBe(true);

  // Rotation: the last in line moves up to cycle 2, by mouse then by keyboard.
  const paidOut = await detailOf(admin.request, groupId);
  const waiting = paidOut.cycles.slice(1).map((c) => c.recipientName);
  const last = waiting[2]!;
  await page.goto(`${groupUrl}?tab=rotation`);
  await page.getByRole('button', { name: 'Adjust Order' }).click();
  const rotation = page.getByTestId('rotation-editor');
  await expect(rotation.getByText('Paid out (fixed)')).toBeVisible();
  await expect(rotation.getByTestId('rotation-editor-item')).toHaveCount(3);
  await expect(rotation.getByRole('button', { name: 'Save Order' })).toBeDisabled();
  await rotation.getByRole('button', { name: `Move ${last} up to cycle 3` }).click();
  await expect(rotation.getByRole('button', { name: `Move ${last} up to cycle 2` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rotation.getByRole('button', { name: `Move ${last} down to cycle 3` })).toBeFocused();
  const newOrder = [last, waiting[0]!, waiting[1]!];
  await expect(rotation.getByTestId('rotation-editor-item').first()).toContainText(last);
  await expect(rotation.getByTestId('rotation-editor-item').first()).toContainText('(was cycle 4)');
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, 'rotation-editing-en');
  await rotation.getByRole('button', { name: 'Save Order' }).click();
  await expect(page.getByText('Rotation Updated', { exact: true })).toBeVisible();
  await expect(rotation).toBeHidden();

  const paidTo = paidOut.cycles[0]!.recipientName;
  await expect.poll(() => rotationNames(page)).toEqual([paidTo, ...newOrder]);
  await page.reload();
  await expect.poll(() => rotationNames(page)).toEqual([paidTo, ...newOrder]);
  await expectAccessible(page);
  await snap(page, testInfo, 'rotation-saved-en');
  const reordered = await detailOf(admin.request, groupId);
  expect(reordered.cycles.map((c) => c.recipientName)).toEqual([paidTo, ...newOrder]);
  // Each cycle kept its dates; only its recipient changed.
  expect(reordered.cycles.map((c) => c.dueDate)).toEqual(expectedDue);

  // Both editors in Arabic (right to left) and at phone width.
  for (const view of views) {
    const arabic = view.language === 'ar';
    await setView(page, view);
    await page.goto(`${groupUrl}?tab=rotation`);
    await expectLanguage(page, view);
    await page.getByRole('button', { name: arabic ? 'تعديل الترتيب' : 'Adjust Order' }).click();
    await expect(page.getByTestId('rotation-editor')).toBeVisible();
    await auditIn(page, view);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'rotation-editor', view);
    await page.goto(`${groupUrl}?tab=schedule`);
    await page.getByRole('button', { name: arabic ? 'تعديل الجدول' : 'Edit Schedule' }).click();
    await expect(page.getByTestId('schedule-editor')).toBeVisible();
    await auditIn(page, view);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'schedule-editor', view);
  }
});
