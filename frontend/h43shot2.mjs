import { chromium } from 'playwright';
import { readFileSync } from 'node:fs';
const [,, golden, out, width] = process.argv;
const data = JSON.parse(readFileSync(`../backend/report/testdata/golden/${golden}.json`, 'utf8'));
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: Number(width), height: 900 } });
await p.route('**/api/shared', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: true, data, report_date: '2026-03-02T10:00:00Z', shared_until: '2026-04-01T10:00:00Z' }) }));
p.on('pageerror', (e) => console.log('pageerror', e.message));
await p.goto('http://localhost:5199/shared/abc123');
await p.getByTestId('do-first').waitFor({ timeout: 60000 });
await p.getByTestId('immediate-actions').scrollIntoViewIfNeeded();
await p.getByTestId('immediate-actions').waitFor({ timeout: 60000 });
await p.getByTestId('area-details').scrollIntoViewIfNeeded().catch(() => {});
await p.waitForTimeout(1500);
for (const id of ['immediate-actions', 'area-details']) {
  const el = p.getByTestId(id);
  if (await el.count()) await el.screenshot({ path: out.replace('.png', `-${id}.png`) });
}
await b.close();
