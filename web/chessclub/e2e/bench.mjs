// Measures, in Chromium against the real Go server, what the first screen of a cold visit to
// `/` costs: every JavaScript and CSS file it loads (bytes on the wire, gzip from the server)
// and how fast it appears: first contentful paint (the browser's paint timing) and the app's own
// mark set when the first screen's content has rendered (chessclub:first-render, src/platform/perf.ts).
// Every run is a fresh browser context with the cache disabled. Two profiles: loopback as is,
// and a phone-like one (CPU 4× slower, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
//
//   npm run bench -- [runs]        (default 15 runs per profile; prints Markdown tables)
import { coldLoad, launchChromium, startServer } from './harness.mjs';

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
let files = [];
try {
  for (const profile of profiles) {
    const fcp = [];
    const rendered = [];
    const dcl = [];
    for (let i = 0; i < runs + 1; i++) {
      const t = await coldLoad(browser, server.baseURL, '/', profile);
      files = t.files;
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

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const ms = (n) => `${Math.round(n)} ms`;
const js = files.filter((f) => f.name.endsWith('.js'));
const css = files.filter((f) => f.name.endsWith('.css'));
const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);

console.log(`Chromium ${browser.version()}, ${runs} runs per profile, viewport 390×800, cold load of /, cache disabled.\n`);
console.log('| first screen of `/` | files | on the wire (gzip) | unpacked |');
console.log('|---|---|---|---|');
console.log(`| JavaScript | ${js.length} | ${kb(sum(js, 'encoded'))} | ${kb(sum(js, 'decoded'))} |`);
console.log(`| CSS | ${css.length} | ${kb(sum(css, 'encoded'))} | ${kb(sum(css, 'decoded'))} |`);
console.log(`| **all** | ${files.length} | **${kb(sum(files, 'encoded'))}** | ${kb(sum(files, 'decoded'))} |\n`);
console.log('| profile | first contentful paint (median / p90) | first screen rendered (median / p90) | DOMContentLoaded (median) |');
console.log('|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.profile} | ${ms(median(r.fcp))} / ${ms(percentile(r.fcp, 90))} | ${ms(median(r.rendered))} / ${ms(percentile(r.rendered, 90))} | ${ms(median(r.dcl))} |`);
}
if (process.argv.includes('--files')) {
  console.log('');
  for (const f of files) console.log(`${f.name.padEnd(48)} ${String(f.encoded).padStart(7)} B  (${f.decoded} B unpacked)`);
}
