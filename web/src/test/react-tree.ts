/** The parts of a React fiber this test helper reads. */
interface Fiber {
  type: unknown;
  memoizedState: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
}

/**
 * The components under `component` (by its function) in the tree React rendered into
 * `container` that hold hook state (useState, useMemo, useId, effects…), by name, in render
 * order. Context reads hold none. What hydration builds, and keeps, per page: it reads React's
 * own fiber tree, which a test may look at and the app never does.
 */
export function componentsHoldingState(container: Element, component: (...args: never[]) => unknown): string[] {
  const key = Object.keys(container).find((name) => name.startsWith('__reactContainer$'));
  if (!key) throw new Error('React has not rendered into this container');
  const root = (container as unknown as Record<string, { child: Fiber | null }>)[key]!;
  const names: string[] = [];
  const visit = (fiber: Fiber | null, inside: boolean) => {
    for (let node = fiber; node; node = node.sibling) {
      const name = componentName(node.type);
      if (inside && name !== null && node.memoizedState !== null) names.push(name);
      visit(node.child, inside || node.type === component);
    }
  };
  visit(root.child, false);
  return names;
}

/** A component's name: a function, or forwardRef/memo around one (a router Link); null for DOM elements. */
function componentName(type: unknown): string | null {
  if (typeof type === 'function') return (type as { displayName?: string; name: string }).displayName ?? (type.name || 'anonymous');
  if (type && typeof type === 'object') {
    const wrapper = type as { displayName?: string; render?: unknown; type?: unknown };
    const inner = wrapper.render ?? wrapper.type;
    if (typeof inner === 'function') return wrapper.displayName ?? (inner.name || 'anonymous');
  }
  return null;
}
