// Renders the SVG logo to the PNG sizes the web manifest needs, with the system Chromium.
// Run once after changing src/web/public/icons/icon.svg: npx tsx scripts/make-icons.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const iconsDir = path.resolve(import.meta.dirname, '../src/web/public/icons');
const svg = readFileSync(path.join(iconsDir, 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<style>*{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  await page.screenshot({ path: path.join(iconsDir, `icon-${size}.png`), omitBackground: true });
  await page.close();
}
await browser.close();
