import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that wait more than they compute, the longest first: [project, path from the root]. */
export const WAITING_FILES: [project: string, path: string][];

/** Vitest's order, with WAITING_FILES first (decision 100). */
export default class WaitingFirstSequencer extends BaseSequencer {
  sort(files: TestSpecification[]): Promise<TestSpecification[]>;
}
