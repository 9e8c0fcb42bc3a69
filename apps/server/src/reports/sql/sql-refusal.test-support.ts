import { SqlRefused } from './sql-refused';

/** The SqlRefused that `run` throws (the template tests' one way to read a refusal); fails when it throws none. */
export function refusal(run: () => unknown): SqlRefused {
  try {
    run();
  } catch (error) {
    if (error instanceof SqlRefused) return error;
    throw error;
  }
  throw new Error('not refused');
}
