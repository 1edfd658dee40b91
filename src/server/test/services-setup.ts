import type { TestProject } from 'vitest/node';
import setup from './global-setup';
import { requireServices } from './services';

/**
 * Vitest global setup of npm run test:services: with DATABASE_URL set, the run is on PostgreSQL and
 * fails at once, in one line, when it does not answer; then the template as in npm test.
 */
export default async function servicesSetup(project: TestProject) {
  if (process.env.DATABASE_URL) await requireServices(['postgresql'], 'npm run test:services');
  return setup(project);
}
