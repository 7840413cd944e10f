import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Runs axe on the page as it is now; serious and critical violations fail the journey. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

/** Saves a full-page screenshot named after the journey step and the viewport project. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({
    path: `test-results/screenshots/${name}-${testInfo.project.name}.png`,
    fullPage: true,
  });
}

let counter = 0;
export function uniqueMember() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `e2e${id}`,
    email: `e2e${id}@example.org`,
    fullName: 'Lucía Fernández',
    password: 'amber-kettle-5582',
  };
}

export async function useLanguage(page: Page, code: string) {
  await page.addInitScript((c) => window.localStorage.setItem('savecircle-language', c), code);
}

/** Presses `name` in the confirmation a money action asks first (issue 17) and waits for it to close. */
export async function confirmStep(page: Page, name: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Closes the open menu (the bell's) with Escape, pressing again until it is gone: a press that lands
 * while the menu is still opening can be lost, and an open menu hides the rest of the page from the
 * next step, which then waits until the journey times out.
 */
export async function closeMenu(page: Page) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
}
