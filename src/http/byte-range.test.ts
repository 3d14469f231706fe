import { describe, expect, it } from 'vitest';
import { ifRangeMatches, parseByteRange } from './byte-range.ts';

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }], // a suffix longer than the file is the whole file
    ['bytes=50-5000', { start: 50, end: 99 }], // clipped to the end
    ['bytes=99-99', { start: 99, end: 99 }],
    ['Bytes = 1 - 2', { start: 1, end: 2 }],
  ])('%s of 100 bytes → %o', (header, range) => {
    expect(parseByteRange(header, 100)).toEqual(range);
  });

  it.each(['bytes=100-', 'bytes=100-200', 'bytes=-0'])('%s of 100 bytes is unsatisfiable', (header) => {
    expect(parseByteRange(header, 100)).toBe('unsatisfiable');
  });

  it('finds nothing to satisfy in an empty file', () => {
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-1', 0)).toBe('unsatisfiable');
  });

  it.each([undefined, '', 'bytes=', 'bytes=-', 'bytes=5-2', 'bytes=a-b', 'items=0-1', 'bytes=0-1,5-6', 'bytes=1.5-2', 'bytes=--1'])(
    'ignores %o: the whole file is served',
    (header) => {
      expect(parseByteRange(header, 100)).toBeUndefined();
    },
  );
});

describe('ifRangeMatches', () => {
  const etag = '"abc"';
  const lastModified = 'Tue, 03 Mar 2026 10:00:00 GMT';
  it('applies the range without the header, or when it names the current version', () => {
    expect(ifRangeMatches(undefined, etag, lastModified)).toBe(true);
    expect(ifRangeMatches('', etag, lastModified)).toBe(true);
    expect(ifRangeMatches('"abc"', etag, lastModified)).toBe(true);
    expect(ifRangeMatches(lastModified, etag, lastModified)).toBe(true);
  });
  it('serves the whole file for another version, a weak tag or a date that is not exactly Last-Modified', () => {
    expect(ifRangeMatches('"old"', etag, lastModified)).toBe(false);
    expect(ifRangeMatches('W/"abc"', etag, lastModified)).toBe(false);
    expect(ifRangeMatches('"abc"', 'W/"abc"', lastModified)).toBe(false);
    expect(ifRangeMatches('Tue, 03 Mar 2026 10:00:01 GMT', etag, lastModified)).toBe(false);
    expect(ifRangeMatches('not a date', etag, lastModified)).toBe(false);
    expect(ifRangeMatches(lastModified, etag, undefined)).toBe(false);
  });
});
