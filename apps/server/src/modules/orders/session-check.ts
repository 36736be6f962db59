import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import type { UncheckedCredential } from '../../plugins/auth';

/** What `answerAfterSessionCheck` hands the work: the two ways a session counts as checked. */
export interface SessionCheck {
  /** Checks the session with `app.checkSession`, unless it was checked already (then nothing). */
  ensureChecked(): Promise<void>;
  /** Records that the work's own statement checked the session (and found it live). */
  checkedInStatement(): void;
}

/**
 * Guarantees that no answer leaves `work` before the caller's session has been found live, with
 * at most one check: inside the work's own statement (which then calls `checkedInStatement`) or,
 * when the work answered without running it (a refusal, a replay, a failure), with
 * `app.checkSession`, which throws 401 for an ended session. A 401 from the work itself stands.
 * For routes whose `preHandler` is `app.verifyToken` (see UncheckedCredential).
 */
export async function answerAfterSessionCheck<T>(
  app: FastifyInstance,
  token: UncheckedCredential,
  work: (session: SessionCheck) => Promise<T>,
): Promise<T> {
  let checked = false;
  const session: SessionCheck = {
    async ensureChecked() {
      if (checked) return;
      await app.checkSession(token);
      checked = true;
    },
    checkedInStatement() {
      checked = true;
    },
  };
  try {
    const answer = await work(session);
    await session.ensureChecked();
    return answer;
  } catch (err) {
    if (!(err instanceof AppError && err.statusCode === 401)) await session.ensureChecked();
    throw err;
  }
}
