#!/usr/bin/env node
// Landing-page bundle budget: the JavaScript a visitor to "/" downloads before the page
// is interactive — the entry chunk for index.html, the app it imports once the
// prerendered page has painted (src/boot.tsx), and their static imports, recursively;
// other dynamic imports (routes, Firebase) are excluded. At most 150 kB gzipped (1 kB =
// 1000 bytes, as Vite prints); issue 16's target of 100 kB is reported beside it.
// Reads dist/.vite/manifest.json, written by `npm run build` (build.manifest: true).
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LIMIT_JS_BYTES = 150 * 1000;
const TARGET_JS_BYTES = 100 * 1000;
/**
 * Loaded by the entry on a visit to "/" (src/main.tsx), although dynamically: the app,
 * and the landing page's own chunk, which the entry fetches beside it (app/fetch-ahead.ts).
 */
const APP_KEYS = ['src/boot.tsx', 'src/app/home-page.tsx'];
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`check-bundle: ${manifestPath} not found; run \`npm run build\` first.`);
  process.exit(2);
}

/** @type {Record<string, {file: string, imports?: string[], css?: string[], isEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = 'index.html' in manifest ? 'index.html' : Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('check-bundle: no entry chunk for index.html in the manifest.');
  process.exit(2);
}

/** Files in load order: the entry, then its static imports (depth first), each once. */
const jsFiles = [];
const cssFiles = [];
const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`check-bundle: manifest has no chunk "${key}"`);
  jsFiles.push(chunk.file);
  for (const css of chunk.css ?? []) if (!cssFiles.includes(css)) cssFiles.push(css);
  for (const imported of chunk.imports ?? []) visit(imported);
}
visit(entryKey);
for (const key of APP_KEYS) {
  if (!(key in manifest)) throw new Error(`check-bundle: manifest has no chunk "${key}" (did the app's start or the landing page move?)`);
  visit(key);
}

const kb = (bytes) => (bytes / 1000).toFixed(2);
const measure = (file) => {
  const data = readFileSync(join(dist, file));
  return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
};

const js = jsFiles.map(measure);
const css = cssFiles.map(measure);
const sum = (rows, field) => rows.reduce((total, row) => total + row[field], 0);

const rows = [...js.map((r) => ({ kind: 'js', ...r })), ...css.map((r) => ({ kind: 'css', ...r }))];
const width = Math.max(...rows.map((r) => r.file.length), 4);
console.log(`Initial load of "/" (entry ${entryKey}, ${APP_KEYS.join(", ")} and their static imports; other dynamic imports excluded)\n`);
console.log(`${'kind'.padEnd(5)}${'file'.padEnd(width + 2)}${'raw kB'.padStart(10)}${'gzip kB'.padStart(10)}`);
for (const r of rows) {
  console.log(`${r.kind.padEnd(5)}${r.file.padEnd(width + 2)}${kb(r.raw).padStart(10)}${kb(r.gzip).padStart(10)}`);
}
const jsGzip = sum(js, 'gzip');
const cssGzip = sum(css, 'gzip');
console.log('');
console.log(`JS total:  ${kb(sum(js, 'raw'))} kB raw, ${kb(jsGzip)} kB gzipped (limit ${kb(LIMIT_JS_BYTES)} kB; target ${kb(TARGET_JS_BYTES)} kB: ${jsGzip <= TARGET_JS_BYTES ? 'met' : 'not met'})`);
console.log(`CSS total: ${kb(sum(css, 'raw'))} kB raw, ${kb(cssGzip)} kB gzipped`);

if (jsGzip > LIMIT_JS_BYTES) {
  console.error(`\nFAIL: landing-page JavaScript is ${kb(jsGzip)} kB gzipped, over the ${kb(LIMIT_JS_BYTES)} kB limit.`);
  process.exit(1);
}
console.log('\nOK: within the landing-page JavaScript budget.');
