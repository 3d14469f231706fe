import { describe, expect, it } from 'vitest';
import { queueNames } from '../src/queue-names.ts';
import { parseWorkerArgs } from './args.ts';

describe('npm run worker -- --queues', () => {
  it('works every queue by default and only the named ones when given', () => {
    expect(parseWorkerArgs([])).toEqual({ queues: [...queueNames] });
    expect(parseWorkerArgs(['--queues', 'images'])).toEqual({ queues: ['images'] });
    expect(parseWorkerArgs(['--queues', 'mail, account-mail,catalogue'])).toEqual({ queues: ['mail', 'account-mail', 'catalogue'] });
    expect(parseWorkerArgs(['--queues=housekeeping'])).toEqual({ queues: ['housekeeping'] });
  });

  it('refuses an unknown queue, an empty list or an unknown flag with the usage, and prints help', () => {
    expect(parseWorkerArgs(['--queues', 'images,imgaes'])).toMatchObject({
      exit: 2,
      message: expect.stringMatching(/^Unknown queue imgaes\.\nUsage/),
    });
    expect(parseWorkerArgs(['--queues', ''])).toMatchObject({ exit: 2 });
    expect(parseWorkerArgs(['--queue', 'images'])).toMatchObject({ exit: 2, message: expect.stringContaining('Usage') });
    expect(parseWorkerArgs(['--help'])).toMatchObject({ exit: 0, message: expect.stringContaining('--queues') });
  });
});
