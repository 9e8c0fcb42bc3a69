import os from 'node:os';

/** Printed before a bench: figures from a busy machine are read with its load in mind. */
export function printLoadAverage(when = 'before'): void {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(`  load average ${when}: ${load} on ${os.cpus().length} cores`);
}
