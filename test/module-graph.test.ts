import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
