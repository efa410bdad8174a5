// Lints a Dockerfile with two linters and exits non-zero on any finding:
//   - dockerlinter: hadolint's best-practice rules ported to JavaScript, and
//     ShellCheck on every RUN line when `shellcheck` is on PATH (Debian:
//     apt-get install shellcheck); without it those checks are skipped and
//     this says so;
//   - dockerfile-utils: the validator behind the Dockerfile language server
//     (instructions, flags, arguments, stage names).
// Usage: node lint.mjs [path/to/Dockerfile]   (default ../../Dockerfile)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.resolve(process.argv[2] ?? path.join(here, '..', '..', 'Dockerfile'));
const content = readFileSync(file, 'utf8');
let findings = 0;

// dockerfile-utils: every diagnostic (error, warning or hint) counts.
const require = createRequire(import.meta.url);
const { validate } = require('dockerfile-utils');
const severity = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };
for (const d of validate(content)) {
  findings++;
  console.log(`${file}:${d.range.start.line + 1}: dockerfile-utils ${severity[d.severity] ?? d.severity}: ${d.message}`);
}

// dockerlinter, with ShellCheck when it is installed.
const hasShellCheck = spawnSync('shellcheck', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasShellCheck) {
  console.log('note: shellcheck is not on PATH, so RUN lines are not shell-checked (apt-get install shellcheck)');
}
const bin = path.join(here, 'node_modules', 'dockerlinter', 'bin', 'dockerfilelinter.js');
const run = spawnSync(process.execPath, [bin, '-f', file, '-j', '-s', hasShellCheck ? 'sh' : 'none'], { encoding: 'utf8' });
let reported;
try {
  reported = run.stdout.trim() === '' ? [] : JSON.parse(run.stdout);
} catch {
  console.error(`dockerlinter failed (exit ${run.status}): ${run.stderr || run.stdout}`);
  process.exit(2);
}
for (const f of reported) {
  findings++;
  console.log(`${file}:${f.lineNumber}: dockerlinter ${f.level} ${f.code}: ${f.message}`);
}

if (findings > 0) {
  console.log(`${findings} finding(s) in ${file}`);
  process.exit(1);
}
console.log(`${path.relative(process.cwd(), file) || file}: clean (dockerfile-utils, dockerlinter${hasShellCheck ? ' with ShellCheck' : ''})`);
