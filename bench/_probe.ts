import { seed } from '../seeds/run.ts';
import { createApp } from '../src/app.ts';
import setupTemplate from '../test/global-setup.ts';
import { createTestContext } from '../test/harness.ts';
await setupTemplate();
const context = await createTestContext({ env: { APP_URL: 'http://127.0.0.1:3999' } });
await seed(context.deps);
const app = createApp(context.deps, context.services);
const server = app.listen(3999, '127.0.0.1');
const seen: string[] = [];
context.deps.db.on('query', (q: { sql: string }) => seen.push(q.sql.slice(0, 160)));
for (const path of ['/catalogue?q=acer&n=a', '/catalogue?q=acer&n=b']) {
  seen.length = 0;
  await (await fetch(`http://127.0.0.1:3999${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } })).arrayBuffer();
  console.log(path, seen.length, '\n  ' + seen.join('\n  '));
}
server.close();
await context.close();
process.exit(0);
