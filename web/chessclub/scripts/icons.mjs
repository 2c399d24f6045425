// Draws the app's PNG icons from public/icon.svg with Debian's Chromium: 192 and 512 px for the
// web app manifest, 180 px for iOS's home screen. The PNGs are committed; run this again after
// changing the SVG.   Usage: node scripts/icons.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appDir, launchChromium } from '../e2e/harness.mjs';

const svg = readFileSync(join(appDir, 'public/icon.svg'), 'utf8');
const sizes = { 'icon-192.png': 192, 'icon-512.png': 512, 'apple-touch-icon.png': 180 };
const browser = await launchChromium();
try {
  for (const [name, size] of Object.entries(sizes)) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await page.screenshot({ path: join(appDir, 'public', name), clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`public/${name}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}
