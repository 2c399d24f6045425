// Measures how fast the app's first screen appears in Chromium, served by the real Go server:
// first contentful paint (the browser's paint timing) and the app's own mark set when the first
// screen's content has rendered (chessclub:first-render, src/perf.ts). Every run is a fresh
// browser context with an empty cache. Two profiles: loopback as is, and a phone-like one
// (CPU 4× slower, 150 ms round trip, 1.6 Mbit/s down).
//
//   npm run bench -- [runs]        (default 15 runs per profile; prints a Markdown table)
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { appDir, launchChromium, startServer } from './harness.mjs';

const runs = Number(process.argv[2] ?? 15);
const profiles = [
  { name: 'loopback, no throttling', cpu: 1, network: null },
  { name: 'phone-like: CPU ×4, 150 ms RTT, 1.6 Mbit/s', cpu: 4, network: { latency: 150, down: 1.6e6 / 8, up: 0.75e6 / 8 } },
];

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

const server = await startServer();
const browser = await launchChromium();
const rows = [];
try {
  for (const profile of profiles) {
    const fcp = [];
    const rendered = [];
    const dcl = [];
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
      if (profile.network) {
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: profile.network.latency,
          downloadThroughput: profile.network.down,
          uploadThroughput: profile.network.up,
        });
      }
      await page.goto(`${server.baseURL}/login`);
      await page.waitForFunction(() => performance.getEntriesByName('chessclub:first-render').length > 0, null, { timeout: 60_000 });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 60_000 });
      const t = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
        rendered: performance.getEntriesByName('chessclub:first-render')[0].startTime,
        dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      }));
      await context.close();
      if (i === 0) continue; // the first run warms the server and the OS file cache
      fcp.push(t.fcp);
      rendered.push(t.rendered);
      dcl.push(t.dcl);
    }
    rows.push({ profile: profile.name, fcp, rendered, dcl });
  }
} finally {
  await browser.close();
  await server.stop();
}

const size = JSON.parse(execFileSync(process.execPath, [join(appDir, 'scripts/size.mjs'), join(appDir, 'dist'), '--json'], { encoding: 'utf8' }));
const chromiumVersion = browser.version();
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n) => `${Math.round(n)} ms`;

console.log(`Chromium ${chromiumVersion}, ${runs} runs per profile, viewport 360×740, /login, empty cache.\n`);
console.log(`Initial JavaScript (entry + ${size.js_files - 1} preloaded chunks): ${kib(size.js_raw)} raw, **${kib(size.js_gzip)} gzip**; CSS ${kib(size.css_gzip)} gzip.\n`);
console.log('| profile | first contentful paint (median / p90) | first screen rendered (median / p90) | DOMContentLoaded (median) |');
console.log('|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.profile} | ${ms(median(r.fcp))} / ${ms(percentile(r.fcp, 90))} | ${ms(median(r.rendered))} / ${ms(percentile(r.rendered, 90))} | ${ms(median(r.dcl))} |`);
}
