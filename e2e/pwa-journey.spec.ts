import { expect, test } from '@playwright/test';
import { expectAccessible, snap } from './support/checks.ts';

test('the app shell reloads offline and says so', async ({ page, context }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A page opened before the worker took control is not served by it; reload once under control.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const manifest = await page.request.get('/manifest.webmanifest');
  expect((await manifest.json()).display).toBe('standalone');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'offline-en');
  await context.setOffline(false);
});

test('the install dialog walks through its steps and the install card can be dismissed', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Install App' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/Step 1 of \d/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'install-dialog-en');
  const total = Number(
    ((await dialog.getByTestId('install-step-counter').textContent()) ?? '').match(/of (\d+)/)![1],
  );
  const seen = new Set<string>();
  for (let step = 1; step < total; step++) {
    seen.add((await dialog.getByTestId('install-step-text').textContent()) ?? '');
    await dialog.getByRole('button', { name: 'Next Step' }).click();
    await expect(dialog.getByText(`Step ${step + 1} of ${total}`)).toBeVisible();
  }
  seen.add((await dialog.getByTestId('install-step-text').textContent()) ?? '');
  expect(seen.size).toBe(total);
  await dialog.getByRole('button', { name: 'Got it!' }).click();
  await expect(dialog).toBeHidden();

  // The card appears only once the browser offers installation.
  await expect(page.getByText('Add to your home screen for quick access')).toBeHidden();
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, { prompt: async () => {}, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
    window.dispatchEvent(event);
  });
  const card = page.getByRole('complementary', { name: 'Install SaveCircle' });
  await expect(
    card.getByText('Add to your home screen for quick access to your savings groups and payments.'),
  ).toBeVisible();
  await snap(page, testInfo, 'install-card-en');
  await card.getByRole('button', { name: 'Dismiss' }).click();
  await expect(card).toBeHidden();
});
