import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.ts';

/**
 * No cycle between modules (ARCHITECTURE rule 1). import-x/no-cycle follows files, so catalogue →
 * trade → catalogue through different files is no cycle to it, yet the two modules can then only
 * change together. A module that needs another must not be needed back.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

/** Every non-test source file under a folder. */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Which modules each module imports (type imports included: they couple two modules as much). */
function moduleGraph(): Map<string, Set<string>> {
  const modulesDir = path.join(root, 'src/modules');
  const graph = new Map<string, Set<string>>();
  for (const file of sources(modulesDir)) {
    const [from, ...rest] = path.relative(modulesDir, file).split(path.sep);
    if (!rest.length) continue; // a file beside the modules, in none of them
    const targets = graph.get(from!) ?? new Set<string>();
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'/g)) {
      if (!specifier!.startsWith('.')) continue;
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier!)).split(path.sep);
      if (target[0] !== '..' && target.length > 1 && target[0] !== from) targets.add(target[0]!);
    }
    graph.set(from!, targets);
  }
  return graph;
}

/** The first cycle found in a graph, as the path that closes it, or undefined. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): string[] | undefined => {
    if (trail.includes(node)) return [...trail.slice(trail.indexOf(node)), node];
    if (done.has(node)) return undefined;
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the module graph (src/modules)', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['catalogue', new Set(['trade'])],
      ['trade', new Set(['users', 'catalogue'])],
      ['users', new Set<string>()],
    ]);
    expect(findCycle(graph)).toEqual(['catalogue', 'trade', 'catalogue']);
  });

  it('has no cycle: no module needs a module that needs it', () => {
    const graph = moduleGraph();
    expect(graph.get('trade')).toContain('catalogue'); // the graph is read at all
    expect(findCycle(graph)).toBeUndefined();
  });
});

/**
 * The worker process runs jobs and serves no HTTP: loading Koa there costs memory in every worker
 * and couples job code to the web edge (ARCHITECTURE rule 3). What a job needs from the web side
 * (e.g. pruning expired sessions) lives outside src/http/.
 */
const HTTP_PACKAGES = ['koa', '@koa/router', 'koa-session', 'koa-body', 'koa-compress', 'koa-send', '@bull-board/koa'];

/** What of the web edge a process loads: the HTTP packages it imports and the src/http/ files. */
function webEdgeOf(entry: string): string[] {
  const graph = importGraph(path.join(root, entry));
  const httpFiles = [...graph.files]
    .map((file) => path.relative(root, file))
    .filter((file) => file.startsWith(`src${path.sep}http${path.sep}`));
  return [...HTTP_PACKAGES.filter((name) => graph.packages.has(name)), ...httpFiles];
}

describe('the worker process (workers/main.ts)', () => {
  it('reads the whole import graph, packages included', () => {
    const graph = importGraph(path.join(root, 'workers/main.ts'));
    expect(graph.files).toContain(path.join(root, 'src/housekeeping.ts'));
    expect(graph.packages).toContain('bullmq');
  });

  it('would see the web edge: the web app loads Koa and src/http/', () => {
    expect(webEdgeOf('src/app.ts')).toEqual(
      expect.arrayContaining(['koa', '@koa/router', 'koa-session', 'koa-body', 'src/http/session.ts']),
    );
  });

  it('loads no Koa package and no src/http/ file', () => {
    expect(webEdgeOf('workers/main.ts')).toEqual([]);
  });
});
