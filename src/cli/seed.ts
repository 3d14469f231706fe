import { seed } from '../../seeds/run.ts';
import { loadConfig } from '../config.ts';
import { migrate } from '../db.ts';
import { createDeps } from '../deps.ts';
import { migratedOrExit, startOrExit } from '../startup-errors.ts';
import { createServices } from '../services.ts';
import { buildProcessors } from '../processors.ts';

/**
 * `npm run seed`: inserts any missing demo content. Without Redis the image and catalogue jobs run
 * here before the command exits; with Redis a worker picks them up.
 */
const deps = startOrExit(() => createDeps(loadConfig(), { name: 'seed' }));
try {
  await migratedOrExit(() => migrate(deps.db));
  if (deps.queue.driver === 'inline') deps.queue.bind(buildProcessors(deps, createServices(deps)));
  console.log('Inserted:', await seed(deps));
  // Embedded: the jobs run here before the command exits. With Redis: the events are published.
  await deps.settle();
} finally {
  await deps.close();
}
