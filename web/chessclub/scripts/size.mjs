// Prints the size of the JavaScript a first visit loads: the entry chunk named by dist/index.html
// plus every chunk it preloads (its static imports), raw and gzip-compressed (level 9).
// Usage: node scripts/size.mjs [dist] [--json]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g),
  ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g),
].map((m) => m[1]);
const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);

function measure(list) {
  return list.map((file) => {
    const bytes = readFileSync(join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}
const js = measure(files);
const styles = measure(css);
const sum = (rows, key) => rows.reduce((n, r) => n + r[key], 0);
const result = {
  js_files: js.length,
  js_raw: sum(js, 'raw'),
  js_gzip: sum(js, 'gzip'),
  css_raw: sum(styles, 'raw'),
  css_gzip: sum(styles, 'gzip'),
  files: [...js, ...styles],
};
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result, null, 2));
} else {
  for (const r of result.files) console.log(`${r.file.padEnd(48)} ${String(r.raw).padStart(8)} B  gzip ${String(r.gzip).padStart(7)} B`);
  console.log(`initial JS: ${result.js_files} files, ${(result.js_raw / 1024).toFixed(1)} KiB raw, ${(result.js_gzip / 1024).toFixed(1)} KiB gzip`);
  console.log(`initial CSS: ${(result.css_raw / 1024).toFixed(1)} KiB raw, ${(result.css_gzip / 1024).toFixed(1)} KiB gzip`);
}
