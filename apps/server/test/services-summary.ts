import { probeTestServices, skippedSuites } from './helpers/test-services';

// Vitest globalSetup of the server project (vitest.config.ts): looks for PostgreSQL, Redis, nginx and
// MariaDB before the run and, after it, prints which suites did not run and why — a local run without
// them is green but smaller, and says so. CI has them all and prints nothing.
export default async function servicesSummary(): Promise<() => void> {
  const services = await probeTestServices();
  return () => {
    const lines = skippedSuites(services);
    if (lines.length === 0) return;
    process.stdout.write(
      `\nServer suites not run on this machine (CI runs them all):\n${lines.map((line) => `  ${line}\n`).join('')}`,
    );
  };
}
