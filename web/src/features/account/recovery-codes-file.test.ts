import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadText, RECOVERY_CODES_FILE, recoveryCodesText } from './recovery-codes-file.ts';

describe('recovery codes as a file', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is one code a line after a line saying what they are', () => {
    expect(recoveryCodesText(['aaaa-bbbb', 'cccc-dddd'])).toBe(
      'Hothfield Nurseries recovery codes. Each code logs you in once.\n\naaaa-bbbb\ncccc-dddd\n',
    );
    expect(RECOVERY_CODES_FILE).toMatch(/\.txt$/);
  });

  it('downloads through a temporary link to a text blob', async () => {
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => ((blob = b), 'blob:codes'));
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    downloadText('codes.txt', 'one\ntwo\n');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('codes.txt');
    expect(clicked[0]!.href).toBe('blob:codes');
    expect(clicked[0]!.isConnected).toBe(false);
    expect(blob!.type).toBe('text/plain;charset=utf-8');
    expect(await blob!.text()).toBe('one\ntwo\n');
  });
});
