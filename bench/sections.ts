/** Every bench section, by the name the command line gives it. */
export const SECTIONS = [
  'widget',
  'bundle',
  'lighthouse',
  'render',
  'static-vs-nginx',
  'uncached',
  'search',
  'images',
  'seed',
  'memory',
  'relay',
  'render-under-load',
  'pdf',
  'worker-rss',
  'demo-rss',
  'mail-pool',
  'trade',
  'schedule-match',
] as const;
export type Section = (typeof SECTIONS)[number];

/** One printed line: a figure and the target it is held to. */
export interface BenchResult {
  name: string;
  value: string;
  target: string;
  ok: boolean;
}

/** The sections a run was asked for, and the figures they have measured so far. */
export class BenchRun {
  readonly results: BenchResult[] = [];

  constructor(private readonly selected: Set<Section>) {}

  wants(name: Section): boolean {
    return this.selected.has(name);
  }

  /**
   * Runs a section if it was asked for. One that throws becomes a FAIL line with its message and the
   * others still run, so the figures already measured are always printed (a transient Lighthouse
   * error once ended whole runs with no figure at all: issue 20).
   */
  async section(name: Section, body: () => Promise<void>): Promise<void> {
    if (!this.selected.has(name)) return;
    try {
      await body();
    } catch (error) {
      this.failed(name, error);
    }
  }

  /** A section asked for whose setup failed: a FAIL line now, and it is not run later. */
  cannotRun(name: Section, error: unknown): void {
    if (this.selected.delete(name)) this.failed(name, error);
  }

  private failed(name: Section, error: unknown) {
    console.error(`bench section ${name} stopped:`, error);
    const message = error instanceof Error ? error.message : String(error);
    this.results.push({ name: `${name} section`, value: `stopped: ${message}`, target: 'runs to the end', ok: false });
  }
}
