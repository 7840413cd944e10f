import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Whether the focused element shows that it has focus: an outline or a ring (box-shadow) on it, or,
 * for a control drawn by its label (a visually hidden radio), on that label.
 */
function focusIsVisible(page: Page) {
  return page.evaluate(() => {
    const shows = (el: Element | null) => {
      if (!el) return false;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
    };
    const focused = document.activeElement;
    if (!focused || focused === document.body) return { ok: true, what: 'body' };
    const ok = shows(focused) || shows(focused.closest('label'));
    return { ok, what: focused.outerHTML.slice(0, 160) };
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, as a keyboard user moves through a
 * page; every element passed on the way must show its focus. Fails after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const seen = await focusIsVisible(page);
    expect(seen.ok, `focus is not visible on ${seen.what}`).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached in ${max} presses of Tab`);
}

/** Tabs to `target` and types `text` into it. */
export async function tabAndType(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Tabs to `target` and presses Enter on it. */
export async function tabAndPress(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}
