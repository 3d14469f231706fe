import { readdirSync, readFileSync } from 'node:fs';

/**
 * Processes as Linux's /proc shows them, for tests that check a whole process tree stops (npm →
 * node → esbuild …), not only the pid they spawned. A zombie counts as gone: it has exited and
 * only waits for its parent to read its status.
 */
function stat(pid: number): { ppid: number; state: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined; // gone (or never was)
  }
}

/** The pid and every live descendant of it. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const info = stat(pid);
    if (!info || info.state === 'Z') continue;
    children.set(info.ppid, [...(children.get(info.ppid) ?? []), pid]);
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

/** Whether the process runs (a zombie does not). */
export function isRunning(pid: number): boolean {
  const info = stat(pid);
  return info !== undefined && info.state !== 'Z';
}

/** The command line of a process, for failure messages. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '(gone)';
  }
}
