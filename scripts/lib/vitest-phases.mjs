// A Vitest reporter that records when each file started and ended, and in which project, so that
// `npm test` can print each phase's time (unit, server on PGlite, server on PostgreSQL) and the
// slowest files with their project (decision 064). Writes VITEST_PHASES_FILE as JSON at the end.
import { writeFileSync } from 'node:fs';

export default class PhasesReporter {
  started = new Map();
  files = [];

  onTestModuleStart(testModule) {
    this.started.set(testModule.id, Date.now());
  }

  onTestModuleEnd(testModule) {
    this.files.push({
      project: testModule.project.name,
      file: testModule.moduleId,
      start: this.started.get(testModule.id) ?? Date.now(),
      end: Date.now(),
    });
  }

  onTestRunEnd() {
    const out = process.env.VITEST_PHASES_FILE;
    if (out) writeFileSync(out, JSON.stringify(this.files));
  }
}
