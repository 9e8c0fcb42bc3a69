import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A pid file (`<dataDir>.lock`) beside the PGlite data (docs/tools.md: one process per data directory). Returns the release
 * function. A lock left behind by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = `${path.resolve(dataDir)}.lock`;
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${holder}. Stop it, or set DATA_DIR or DATABASE_URL.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    rmSync(file, { force: true });
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
