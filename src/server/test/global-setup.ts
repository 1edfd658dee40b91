import type { TestProject } from 'vitest/node';
import { dropTemplate, prepareTemplate } from './db';

/** Vitest global setup: migrate once, then every test file copies the result; clean up afterwards. */
export default async function setup(project: TestProject) {
  const run = await prepareTemplate();
  project.provide('haatTemplate', run);
  return () => dropTemplate(run);
}
