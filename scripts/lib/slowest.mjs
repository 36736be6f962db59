// The slowest test files of a run, read from Vitest's and Playwright's JSON reports, so that
// `npm test` ends by naming where its time went (decision 019).

/**
 * Vitest: each file's wall time (its first test's start to its last test's end). A server file
 * runs once per database project, so it can appear twice; both runs are listed.
 * @returns {{ file: string, ms: number }[]}
 */
export function vitestFileTimes(report, root) {
  return (report?.testResults ?? []).map((f) => ({
    file: relative(f.name, root),
    ms: Math.max(0, (f.endTime ?? 0) - (f.startTime ?? 0)),
  }));
}

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
