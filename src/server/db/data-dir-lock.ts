import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process at a time may open the embedded database: two would corrupt it.
 * The lock is a pid file; one left behind by a killed process is taken over.
 */
export function lockDataDir(dataDir: string, purpose: string): () => void {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'lock.pid');
  try {
    const [pidText, holder] = readFileSync(file, 'utf8').split('\n');
    const pid = Number(pidText);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
      throw new DataDirLockedError(
        `The embedded database in ${dir} is in use by process ${pid} (${holder || 'unknown'}). Stop it first or choose another DATA_DIR.`,
      );
    }
  } catch (err) {
    if (err instanceof DataDirLockedError) throw err;
  }
  writeFileSync(file, `${process.pid}\n${purpose}\n`);
  return () => {
    try {
      if (readFileSync(file, 'utf8').split('\n')[0] === String(process.pid)) rmSync(file);
    } catch {
      /* already gone */
    }
  };
}
