// The slowest test files of a run, read from Vitest's and Playwright's JSON reports, so that
// `npm test` ends by naming where its time went (decision 019).

/**
 * Playwright: each file's tests' durations added up, every project and retry included: the time
 * the file costs the workers, whatever the parallelism.
 * @returns {{ file: string, ms: number }[]}
 */
export function playwrightFileTimes(report) {
  const totals = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          totals.set(here, (totals.get(here) ?? 0) + (result.duration ?? 0));
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return [...totals].map(([file, ms]) => ({ file, ms }));
}

/** The `count` slowest, as printable lines. */
export function slowestLines(times, count = 10) {
  return [...times]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
}

function relative(file, root) {
  return root && file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

/**
 * The failed tests of both runners, one line each with the start of the failure's message, so
 * that the end of a run (all a CI log's tail may keep) names what failed and how.
 * @returns {string[]}
 */
export function failedTestLines(vitestReport, playwrightReport, root) {
  const lines = [];
  const first = (message) =>
    String(message ?? '')
      // Colour codes (ESC [ … m), which the reporters leave in messages.
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, 3)
      .join(' ⏎ ')
      .slice(0, 400);
  for (const file of vitestReport?.testResults ?? []) {
    const name = relative(file.name, root);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) lines.push(`vitest  ${name} › ${t.fullName}: ${first(t.failureMessages?.[0])}`);
    if (!failed.length && file.status === 'failed')
      lines.push(
        `vitest  ${name}: ${first(file.message) || 'failed outside its tests (a hook, an import); see its FAIL above'}`,
      );
  }
  const walk = (suite, file, titles) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failure = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        const title = [...titles, spec.title].filter(Boolean).join(' › ');
        const label = test.status === 'flaky' ? 'flaky (passed on retry)' : 'failed';
        lines.push(
          `playwright [${test.projectName}] ${here} › ${title} (${label}): ${first(failure?.error?.message ?? failure?.errors?.[0]?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, here, [...titles, child.title === child.file ? '' : child.title]);
  };
  for (const suite of playwrightReport?.suites ?? []) walk(suite, suite.file, []);
  return lines;
}
