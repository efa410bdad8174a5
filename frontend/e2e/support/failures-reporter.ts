import { appendFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Writes one line per failed test — project, file:line, title and the first line of its error —
 * to the file named by E2E_FAILURES_FILE, so the summary at the end of `make test` names the tests
 * that failed, however long the output above it (CI shows its tail).
 */
export default class FailuresReporter implements Reporter {
  private readonly file = process.env.E2E_FAILURES_FILE;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (!this.file || result.status === 'passed' || result.status === 'skipped') return;
    if (result.status === test.expectedStatus) return;
    // titlePath: the root suite (''), the project, the file, then the describe blocks and the test.
    const [, project, file, ...titles] = test.titlePath();
    const message = stripVTControlCharacters(result.error?.message ?? result.status);
    const first = message.split('\n').find((line) => line.trim() !== '') ?? result.status;
    appendFileSync(
      this.file,
      `${project} › ${file}:${test.location.line} › ${titles.join(' › ')}: ${first.trim().slice(0, 200)}\n`,
    );
  }
}
