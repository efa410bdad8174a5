#!/usr/bin/env node
// Prerenders pages into dist/ (the last step of `npm run build`), so that they paint
// before their JavaScript has loaded; src/main.tsx then hydrates them.
//
//   dist/app.html    the plain shell Vite built, for every other route (the Go server's
//                    and Firebase Hosting's fallback): no landing markup to flash first.
//   dist/index.html  the shell with the landing page's HTML in #root, marked
//                    data-prerendered="/", served for "/".
//   dist/pages/*.html  the pages src/app/pages.ts lists in pageFiles: drawn the same way
//                    (/login, /signup), or with the first screen they show while the
//                    session is restored drawn as a frame that the app replaces, the file
//                    preloading the page's own chunk and sign-in (/dashboard,
//                    /payment-success).
//   dist/.server/report-header.html  the server's template of a report page's header
//                    (a Go html/template drawn from the app's header: src/features/report/
//                    components/report-header-template.tsx), which the server fills in and
//                    puts in place of /payment-success's frame for a host's finished report.
//                    Under a dot directory: read by the server, never served (nor uploaded to
//                    Firebase Hosting, which skips dot files).
//
// The markup comes from the SSR build of src/prerender.tsx (vite build --ssr into
// node_modules/.cache/prerender). The Content-Security-Policy (style-src 'self') refuses
// style="" attributes in markup, although React may set the same styles from script:
// each one becomes a data-prerender-style attribute with its rule in a hashed stylesheet
// under assets/. Hydration keeps the DOM as it is, so the rules stay in force.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const entry = join(root, 'node_modules', '.cache', 'prerender', 'prerender.js');

const { renderAt, pageFiles, PRERENDERED_PATH, reportHeaderTemplate } = await import(pathToFileURL(entry).href);
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const placeholder = '<div id="root"></div>';
if (!shell.includes(placeholder)) {
  console.error(`prerender: dist/index.html has no ${placeholder}`);
  process.exit(1);
}

const unescapeHtml = (text) =>
  text.replace(/&(quot|#x27|#39|lt|gt|amp);/g, (_, name) => ({ quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>', amp: '&' })[name]);

// One stylesheet for the style="" attributes of every prerendered page.
const rules = [];
const withoutInlineStyles = (markup) =>
  markup.replace(/ style="([^"]*)"/g, (_, css) => {
    const text = unescapeHtml(css);
    let index = rules.indexOf(text);
    if (index < 0) index = rules.push(text) - 1;
    return ` data-prerender-style="${index}"`;
  });
const landing = withoutInlineStyles(await renderAt(PRERENDERED_PATH));
const drawn = [];
for (const page of pageFiles) drawn.push({ page, markup: withoutInlineStyles(await renderAt(page.at)) });

let head = '';
if (rules.length > 0) {
  const css = rules.map((text, index) => `[data-prerender-style="${index}"]{${text}}`).join('\n') + '\n';
  const name = `assets/prerender-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
  writeFileSync(join(dist, name), css);
  head = `  <link rel="stylesheet" href="/${name}">\n  `;
}

// src/main.tsx imports the app (src/boot.tsx) dynamically: on the prerendered page once
// it has painted. Every other page needs the app to paint anything, so app.html
// preloads the app's chunks alongside the entry instead of discovering them after it.
// The same holds for src/app/fetch-ahead.ts, which the entry imports on those pages to
// start the page's own chunk and sign-in beside the app.
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
function chunksOf(keys) {
  const chunks = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (chunk?.isEntry) return; // the entry script itself, already in the page
    if (!chunk) throw new Error(`prerender: the manifest has no chunk ${key}`);
    if (chunks.includes(chunk.file)) return;
    chunks.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return chunks;
}
const preloadsOf = (keys) => chunksOf(keys).map((file) => `  <link rel="modulepreload" crossorigin href="/${file}">\n  `).join('');
const app = ['src/boot.tsx', 'src/app/fetch-ahead.ts'];

// The prerendered pages' tiny entry script is fetched after the stylesheets.
const lowPriority = (html) => html.replace(/<script type="module"/g, '<script type="module" fetchpriority="low"');
const drawnPage = (path, markup) =>
  lowPriority(shell)
    .replace(placeholder, `<div id="root" data-prerendered="${path}">${markup}</div>`)
    .replace('</head>', `${head}</head>`);
// A frame is not hydrated (src/main.tsx sees no data-prerendered): the app starts as soon
// as it has painted and replaces it, so the entry keeps its priority and the page's chunks
// are preloaded.
const framedPage = (page, markup) =>
  shell
    .replace(placeholder, `<div id="root" data-frame="${page.path}">${markup}</div>`)
    .replace('</head>', `${head}${preloadsOf([...app, page.source, 'src/lib/firebase-sdk.ts'])}</head>`);

writeFileSync(join(dist, 'app.html'), shell.replace('</head>', `${preloadsOf(app)}</head>`));
writeFileSync(join(dist, 'index.html'), drawnPage(PRERENDERED_PATH, landing));
mkdirSync(join(dist, 'pages'), { recursive: true });
const written = [];
for (const { page, markup } of drawn) {
  // A frame's page waits for the session (src/lib/firebase-sdk.ts): sign-in is preloaded too.
  const html = page.draw === 'page' ? drawnPage(page.path, markup) : framedPage(page, markup);
  writeFileSync(join(dist, 'pages', `${page.file}.html`), html);
  written.push(`${page.path} (${(markup.length / 1000).toFixed(1)} kB, ${page.draw === 'page' ? 'drawn' : 'its first screen drawn as a frame'})`);
}
// The report header's template: style="" attributes are refused there too (the drawn page has
// the same policy), and the header has none.
const header = reportHeaderTemplate();
if (/ style="/.test(header)) {
  console.error('prerender: the report header template has inline styles, which the page would refuse');
  process.exit(1);
}
mkdirSync(join(dist, '.server'), { recursive: true });
writeFileSync(
  join(dist, '.server', 'report-header.html'),
  `{{/* Generated by frontend/scripts/prerender.mjs from the app's report header: do not edit. */}}${header}`,
);
console.log(
  `prerender: ${PRERENDERED_PATH} → dist/index.html (${(landing.length / 1000).toFixed(1)} kB of HTML, ${rules.length} inline styles moved to a stylesheet); ` +
    `shell → dist/app.html; dist/pages/: ${written.join(', ')}; the report header's template → dist/.server/report-header.html (${(header.length / 1000).toFixed(1)} kB)`,
);
