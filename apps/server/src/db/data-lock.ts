import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: two servers on one data folder would corrupt it. The lock
 * file holds the owner's pid; a lock whose process is gone (a crash, a kill -9) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'giftrelay.pid');
  let owner: number | undefined;
  try {
    owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    owner = undefined;
  }
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new DataDirLockedError(dir, owner);
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(`another GiftRelay process (pid ${pid}) is already using the data folder ${dir}`);
    this.name = 'DataDirLockedError';
  }
}
