import { describe, expect, it } from 'vitest';
import { MAX_RETRY_MS, retryDelayMs } from './backoff.ts';

describe('retryDelayMs', () => {
  it('doubles from 15 s and is capped, never giving up', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([15_000, 30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(6)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(500)).toBe(MAX_RETRY_MS);
  });
});
