import { expect, test } from '@playwright/test';
import { apiPerson, moveClock, ok, signInAgain } from './support/api-people.ts';
import { shootEveryWay } from './support/screens.ts';

test('a circle talks: chat arrives without reload, an urgent notice reaches late payers only, pinning moves a message', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone screenshots are taken inside');
  test.setTimeout(360_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const ana = await apiPerson(browser, baseURL, 'Ana Torres');
  const kofi = await apiPerson(browser, baseURL, 'Kofi Boateng');
  const mei = await apiPerson(browser, baseURL, 'Mei Lin');
  const everyone = [ana, kofi, mei];
  await moveClock(ana.request, 0, everyone);

  // Ana's circle of three, $50.00 due today with no grace; Ana and Mei pay, Kofi does not.
  const group = await ok(
    ana.request.post('/api/groups', {
      data: { name: 'Harbor Tanda', contributionAmount: '50', memberLimit: 3, gracePeriodDays: 0 },
    }),
  );
  for (const p of [kofi, mei])
    await ok(p.request.post(`/api/groups/${group.id}/join`, { data: { inviteCode: group.inviteCode } }));
  for (const p of [ana, mei])
    await ok(ana.request.post(`/api/groups/${group.id}/contributions/record`, { data: { userId: p.id } }));
  const chatUrl = `/groups/${group.id}?tab=chat`;

  // Ana and Mei both have the Chat tab open, each in their own browser.
  await ana.page.goto(chatUrl);
  await mei.page.goto(chatUrl);
  const anaChat = ana.page.getByTestId('chat-panel');
  const meiChat = mei.page.getByTestId('chat-panel');
  await expect(anaChat.getByRole('heading', { name: 'Group Chat' })).toBeVisible();
  // The app's own line for Mei joining, worded on the screen.
  await expect(meiChat.getByText('Mei Lin joined the circle')).toBeVisible();

  // Ana writes; Enter sends. Mei's page shows it without a reload, under Ana's name.
  const send = anaChat.getByTestId('chat-send');
  await expect(send).toBeDisabled();
  await anaChat
    .getByPlaceholder('Type your message...')
    .fill('Welcome! Dues are today, schedule at https://example.com/plan');
  await anaChat.getByPlaceholder('Type your message...').press('Enter');
  const anaMessage = (chat: typeof anaChat) =>
    chat.getByTestId('chat-message').filter({ hasText: 'Welcome! Dues are today' });
  await expect(anaMessage(anaChat)).toContainText('You');
  await expect(anaMessage(meiChat)).toContainText('Ana Torres');
  await expect(anaMessage(meiChat).getByRole('link', { name: 'https://example.com/plan' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );

  // Mei answers with HTML-looking text: it arrives at Ana's as the characters typed.
  await meiChat.getByPlaceholder('Type your message...').fill('Paid! <b>thanks</b>');
  await meiChat.getByTestId('chat-send').click();
  await expect(anaChat.getByTestId('chat-message').filter({ hasText: 'Paid! <b>thanks</b>' })).toBeVisible();
  await expect(anaChat.locator('b')).toHaveCount(0);

  // Mei reports a message to the admins with a reason; then writes and deletes a message of her own.
  await meiChat
    .getByTestId('chat-message')
    .filter({ hasText: 'Welcome! Dues are today' })
    .getByRole('button', { name: 'Message actions' })
    .click();
  await mei.page.getByRole('menuitem', { name: 'Report to admins' }).click();
  const report = mei.page.getByRole('dialog', { name: 'Report this message' });
  await report.getByLabel('Why are you reporting it?').fill('Testing the report flow');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(mei.page.getByText('Message reported', { exact: true })).toBeVisible();
  await meiChat.getByPlaceholder('Type your message...').fill('Oops, wrong chat');
  await meiChat.getByPlaceholder('Type your message...').press('Enter');
  const oops = meiChat.getByTestId('chat-message').filter({ hasText: 'Oops, wrong chat' });
  await oops.getByRole('button', { name: 'Message actions' }).click();
  await mei.page.getByRole('menuitem', { name: 'Delete message' }).click();
  await mei.page
    .getByRole('alertdialog', { name: 'Delete this message?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(oops).toHaveCount(0);
  await expect(anaChat.getByTestId('chat-message').filter({ hasText: 'Oops, wrong chat' })).toHaveCount(0);
  await shootEveryWay(ana.page, 'chat-tab', () =>
    expect(anaChat.getByTestId('chat-message').first()).toBeVisible(),
  );

  // Kofi has not read the chat: his group list and Chat tab count the unread; reading clears them.
  await kofi.page.goto('/groups');
  await expect(kofi.page.getByTestId(`unread-${group.id}`)).toBeVisible();
  await shootEveryWay(kofi.page, 'chat-unread-group-list', () =>
    expect(kofi.page.getByTestId(`unread-${group.id}`)).toBeVisible(),
  );
  // His group list stays open in another tab: reading the chat clears its count too (live update).
  const kofiList = await kofi.page.context().newPage();
  await kofiList.goto('/groups');
  await expect(kofiList.getByTestId(`unread-${group.id}`)).toBeVisible();
  await kofi.page.goto(`/groups/${group.id}`);
  await expect(kofi.page.getByTestId('tab-chat').getByTestId(`unread-${group.id}`)).toBeVisible();
  await kofi.page.getByTestId('tab-chat').click();
  await expect(
    kofi.page.getByTestId('chat-message').filter({ hasText: 'Paid! <b>thanks</b>' }),
  ).toBeVisible();
  await expect(kofi.page.getByTestId('tab-chat').getByTestId(`unread-${group.id}`)).toHaveCount(0);
  await expect(kofiList.getByTestId(`unread-${group.id}`)).toHaveCount(0);
  await kofiList.close();

  // Two days later Kofi's contribution is overdue (sessions have idled out meanwhile).
  await moveClock(ana.request, 2, everyone);
  await signInAgain(everyone);

  // Ana posts an urgent announcement to late payers only, from the News tab.
  await ana.page.goto(`/groups/${group.id}?tab=news`);
  const news = ana.page.getByTestId('announcements');
  await expect(news.getByText('No announcements yet')).toBeVisible();
  await expect(news.getByText('Create the first announcement to keep your group informed.')).toBeVisible();
  await news.getByRole('button', { name: 'New Announcement' }).click();
  const dialog = ana.page.getByRole('dialog', { name: 'New Announcement' });
  await dialog.getByRole('button', { name: 'Post announcement' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Title').fill('Your payment is overdue');
  await dialog.getByLabel('Content').fill('Please pay your $50.00 today so the payout can go out.');
  await dialog.getByLabel('Priority').selectOption('urgent');
  await dialog.getByLabel('Audience').selectOption('late');
  await dialog.getByRole('button', { name: 'Post announcement' }).click();
  await expect(ana.page.getByText('Announcement created', { exact: true })).toBeVisible();
  await expect(news.getByTestId('announcement')).toHaveAttribute('data-priority', 'urgent');

  // Kofi, late, reads it on his News tab; Mei, paid up, does not see it.
  await kofi.page.goto(`/groups/${group.id}?tab=news`);
  const kofiNews = kofi.page.getByTestId('announcements');
  await expect(kofiNews.getByTestId('announcement')).toContainText('Your payment is overdue');
  await expect(kofiNews.getByTestId('announcement')).toContainText('Ana Torres');
  await expect(kofiNews.getByTestId('announcement')).toContainText('Urgent');
  await shootEveryWay(kofi.page, 'chat-news-late-member', () =>
    expect(kofiNews.getByTestId('announcement')).toBeVisible(),
  );
  // The Chat tab's unread badge sits in a tab list that scrolls sideways on a phone: its hidden words
  // once escaped that list and made the page 870 px wide at 390.
  await kofi.page.setViewportSize({ width: 390, height: 844 });
  await expect(kofi.page.getByRole('tab', { name: /Chat/ })).toContainText('1');
  expect(await kofi.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await kofi.page.setViewportSize({ width: 1280, height: 800 });
  await mei.page.goto(`/groups/${group.id}?tab=news`);
  const meiNews = mei.page.getByTestId('announcements');
  await expect(meiNews.getByText('No announcements yet')).toBeVisible();
  await expect(meiNews.getByText('Group announcements will appear here.')).toBeVisible();
  await expect(meiNews.getByText('Your payment is overdue')).toHaveCount(0);

  // Group management, Communication: Ana pins her welcome; it moves into the pinned section.
  await ana.page.goto(`/group-management?group=${group.id}`);
  const pinned = ana.page.getByTestId('pinned-section');
  const recent = ana.page.getByTestId('recent-section');
  await expect(pinned.getByText('No pinned messages', { exact: false })).toBeVisible();
  const welcome = recent.getByTestId('chat-message').filter({ hasText: 'Welcome! Dues are today' });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Message actions' }).click();
  await ana.page.getByRole('menuitem', { name: 'Pin message' }).click();
  await expect(ana.page.getByText('Message pinned', { exact: true })).toBeVisible();
  await expect(
    pinned.getByTestId('chat-message').filter({ hasText: 'Welcome! Dues are today' }),
  ).toBeVisible();
  await expect(recent.getByTestId('chat-message').filter({ hasText: 'Welcome! Dues are today' })).toHaveCount(
    0,
  );
  await shootEveryWay(ana.page, 'chat-group-management', () =>
    expect(pinned.getByTestId('chat-message')).toBeVisible(),
  );

  // With approval required, Mei's message waits: Kofi does not see it until Ana approves it.
  await ana.page.getByTestId('setting-requireApproval').click();
  await expect(ana.page.getByTestId('setting-requireApproval')).toHaveAttribute('data-state', 'checked');
  await mei.page.goto(chatUrl);
  await mei.page.getByPlaceholder('Type your message...').fill('Can we meet on Friday?');
  await mei.page.getByPlaceholder('Type your message...').press('Enter');
  const friday = (page: typeof mei.page) =>
    page.getByTestId('chat-message').filter({ hasText: 'Can we meet on Friday?' });
  await expect(friday(mei.page)).toContainText("Waiting for an admin's approval");
  await kofi.page.goto(chatUrl);
  await expect(kofi.page.getByTestId('chat-message').first()).toBeVisible();
  await expect(friday(kofi.page)).toHaveCount(0);
  await ana.page.reload();
  await friday(ana.page).getByRole('button', { name: 'Message actions' }).click();
  await ana.page.getByRole('menuitem', { name: 'Approve' }).click();
  await expect(friday(kofi.page)).toBeVisible();
  await ana.page.getByTestId('setting-requireApproval').click();
  await expect(ana.page.getByTestId('setting-requireApproval')).toHaveAttribute('data-state', 'unchecked');

  // Ana closes messaging to members; Mei reads the spec's notice instead of the send box.
  await ana.page.getByTestId('setting-membersCanMessage').click();
  await expect(ana.page.getByText('Settings saved', { exact: true })).toBeVisible();
  await mei.page.goto(chatUrl);
  await expect(mei.page.getByText('Messaging is currently restricted to administrators only.')).toBeVisible();
  await expect(mei.page.getByPlaceholder('Type your message...')).toHaveCount(0);
});

test('the public communication demo works without an account and keeps what a visitor writes in their browser', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run; phone screenshots are taken inside');
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('/messages')) apiCalls.push(request.url());
  });
  await page.goto('/group-communication-demo');
  const card = page.getByTestId('demo-group');
  // Pool = $100.00 × 6 members; cycles remaining = 8 − 3.
  await expect(card.getByTestId('demo-pool')).toHaveText('$600.00');
  await expect(card.getByTestId('demo-cycles-remaining')).toHaveText('5');
  const chat = page.getByTestId('chat-panel');
  await chat.getByPlaceholder('Type your message...').fill('Trying the demo');
  await chat.getByPlaceholder('Type your message...').press('Enter');
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'Trying the demo' })).toContainText('You');
  await page.reload();
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'Trying the demo' })).toBeVisible();
  expect(apiCalls).toEqual([]);
  await shootEveryWay(page, 'chat-demo', () =>
    expect(chat.getByTestId('chat-message').first()).toBeVisible(),
  );
  await page.getByTestId('demo-reset').click();
  await expect(chat.getByText('Trying the demo')).toHaveCount(0);
});

test('older messages load above without moving what the reader is looking at', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run');
  const baseURL = String(testInfo.project.use.baseURL);
  const ana = await apiPerson(browser, baseURL, 'Ana Torres');
  const kofi = await apiPerson(browser, baseURL, 'Kofi Boateng');
  const mei = await apiPerson(browser, baseURL, 'Mei Lin');
  const group = await ok(
    ana.request.post('/api/groups', {
      data: { name: 'Long Talk', contributionAmount: '20', memberLimit: 3 },
    }),
  );
  for (const p of [kofi, mei])
    await ok(p.request.post(`/api/groups/${group.id}/join`, { data: { inviteCode: group.inviteCode } }));
  // 59 messages, up to 20 each (the per-minute limit): more than one page of 50. Kofi keeps his 20th.
  for (let i = 1; i <= 20; i++)
    for (const [n, p] of [ana, kofi, mei].entries()) {
      if (i === 20 && p === kofi) continue;
      await ok(
        p.request.post(`/api/groups/${group.id}/messages`, {
          data: { message: `Message ${(i - 1) * 3 + n + 1}`, messageType: 'text' },
        }),
      );
    }

  const page = ana.page;
  await page.goto(`/groups/${group.id}?tab=chat`);
  const scroller = page.getByTestId('chat-scroll');
  const message = (n: number) =>
    page.getByTestId('chat-message').filter({ hasText: new RegExp(`Message ${n}$`) });
  // Banners above (e.g. "confirm your email") can push the chat below the fold: bring it into sight.
  await scroller.scrollIntoViewIfNeeded();
  // The newest page, followed to the bottom: the last message is in sight, the first is not loaded.
  await expect(message(60)).toBeInViewport();
  await expect(message(1)).toHaveCount(0);
  // Scrolling to the top asks for the older page; the oldest message the reader had reached stays
  // in sight instead of being pushed down by the page loaded above it.
  const reached = await page.getByTestId('chat-message').first().getAttribute('data-message-id');
  // A new message arriving while that page is on its way refetches the newest page, which cancels
  // it: the older page is asked for again, and the new message is not lost either.
  let releaseOlder = () => {};
  const olderHeld = new Promise<void>((resolve) => {
    releaseOlder = resolve;
  });
  let olderAsked = 0;
  await page.route(/\/messages\?.*before=/, async (route) => {
    if (++olderAsked === 1) await olderHeld;
    await route.continue();
  });
  const firstAsk = page.waitForRequest(/\/messages\?.*before=/);
  await scroller.evaluate((el) => {
    el.scrollTop = 0;
  });
  await firstAsk;
  const newestAgain = page.waitForResponse(
    (r) => /\/messages\?limit=/.test(r.url()) && !r.url().includes('before='),
  );
  // Scrolled up, a new message does not pull the reader down; at the bottom it is followed.
  await ok(kofi.request.post(`/api/groups/${group.id}/messages`, { data: { message: 'Late news' } }));
  await newestAgain;
  releaseOlder();
  await expect(message(1)).toHaveCount(1);
  expect(olderAsked).toBe(2);
  await expect(page.locator(`[data-message-id="${reached}"]`)).toBeInViewport();
  await expect(message(1)).not.toBeInViewport();
  await expect(page.getByRole('button', { name: 'Show older messages' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Latest messages' })).toBeVisible();
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Late news' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Latest messages' }).click();
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Late news' })).toBeInViewport();
});
