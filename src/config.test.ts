import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const varDir = () => mkdtempSync(path.join(tmpdir(), 'nursery-config-'));

describe('loadConfig', () => {
  it('applies defaults, including the Hothfield business address', () => {
    const config = loadConfig({ VAR_DIR: varDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.business.address).toContain('Hothfield, Ashford, Kent, TN26 1AR');
  });

  it('replies to buyers at SALES_EMAIL, else at ENQUIRIES_TO; refuses one that is not an address', () => {
    expect(loadConfig({ ENQUIRIES_TO: 'orders@nursery.example', VAR_DIR: varDir() }).salesEmail).toBe('orders@nursery.example');
    expect(loadConfig({ ENQUIRIES_TO: 'orders@nursery.example', SALES_EMAIL: ' ', VAR_DIR: varDir() }).salesEmail).toBe(
      'orders@nursery.example',
    );
    expect(loadConfig({ SALES_EMAIL: 'desk@nursery.example', VAR_DIR: varDir() }).salesEmail).toBe('desk@nursery.example');
    expect(() => loadConfig({ SALES_EMAIL: 'the desk', VAR_DIR: varDir() })).toThrow(/SALES_EMAIL/);
  });

  it('lists every bad value readably', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', ENQUIRIES_TO: 'nobody', VAR_DIR: varDir() });
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('ENQUIRIES_TO');
    }
  });

  it('reads the business position, opening hours and picture paths', () => {
    const { business } = loadConfig({
      APP_URL: 'https://nursery.example/',
      COMPANY_POSTCODE: ' tn26 1ar ',
      COMPANY_LATITUDE: '51.1634',
      COMPANY_LONGITUDE: '0.8047',
      COMPANY_OPENING_HOURS: 'Mo-Fr 07:30-16:30; Sa 08:00-12:00',
      COMPANY_LOGO: '/logo.png',
      VAR_DIR: varDir(),
    });
    expect(business).toMatchObject({
      postcode: 'TN26 1AR',
      geo: { latitude: 51.1634, longitude: 0.8047 },
      url: 'https://nursery.example',
      logo: 'https://nursery.example/logo.png',
      image: 'https://nursery.example/logo.png',
    });
    expect(loadConfig({ COMPANY_LATITUDE: ' ', COMPANY_LONGITUDE: '', VAR_DIR: varDir() }).business.geo).toEqual({
      latitude: 51.16,
      longitude: 0.8,
    });
    expect(business.openingHours).toEqual([
      { days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '07:30', closes: '16:30' },
      { days: ['Sa'], opens: '08:00', closes: '12:00' },
    ]);
  });

  it('refuses bad business values with a readable message per setting', () => {
    try {
      loadConfig({
        COMPANY_POSTCODE: 'Kent',
        COMPANY_LATITUDE: 'north',
        COMPANY_LONGITUDE: '200',
        COMPANY_OPENING_HOURS: 'Mo-Fr 7.30 to 4.30',
        COMPANY_LOGO: 'logo.png',
        VAR_DIR: varDir(),
      });
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toContain('COMPANY_POSTCODE: must be a UK postcode, e.g. TN26 1AR');
      expect(problems).toContain('COMPANY_LATITUDE: must be a number of degrees');
      expect(problems.find((p) => p.startsWith('COMPANY_LONGITUDE:'))).toBeDefined();
      expect(problems.find((p) => p.startsWith('COMPANY_OPENING_HOURS:'))).toMatch(/must be days then times/);
      expect(problems).toContain('COMPANY_LOGO: must be a path starting with / or an http(s) URL');
    }
  });

  it('generates an APP_KEY once in embedded mode and keeps it under VAR_DIR', () => {
    const dir = varDir();
    const first = loadConfig({ VAR_DIR: dir });
    const second = loadConfig({ VAR_DIR: dir });
    expect(first.appKey).toHaveLength(32);
    expect(second.appKey.equals(first.appKey)).toBe(true);
    expect(readFileSync(path.join(dir, 'app-key'), 'utf8').trim()).toBe(first.appKey.toString('base64'));
  });

  it('refuses a short APP_KEY and a missing one in production', () => {
    expect(() => loadConfig({ APP_KEY: 'c2hvcnQ=', VAR_DIR: varDir() })).toThrow(/APP_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', VAR_DIR: varDir() })).toThrow(/APP_KEY: required in production/);
  });

  it('gives each queue WORKER_CONCURRENCY jobs at once, the render and housekeeping one, with QUEUE_CONCURRENCY overrides', () => {
    expect(loadConfig({ WORKER_CONCURRENCY: '3', VAR_DIR: varDir() }).queueConcurrency).toEqual({
      mail: 3,
      'account-mail': 3,
      catalogue: 1,
      images: 3,
      housekeeping: 1,
      schedules: 3,
    });
    expect(loadConfig({ QUEUE_CONCURRENCY: 'images=1, mail=8,catalogue=2', VAR_DIR: varDir() }).queueConcurrency).toMatchObject({
      images: 1,
      mail: 8,
      catalogue: 2,
    });
    for (const bad of ['imgaes=1', 'images=0', 'images', 'images=two']) {
      expect(() => loadConfig({ QUEUE_CONCURRENCY: bad, VAR_DIR: varDir() }), bad).toThrow(/QUEUE_CONCURRENCY: ".*" is not queue=count/);
    }
  });

  it('reads TRUST_PROXY as a number of proxy hops, true meaning one and false none', () => {
    const hops = (value?: string) => loadConfig({ TRUST_PROXY: value, VAR_DIR: varDir() }).proxyHops;
    expect([hops(undefined), hops('false'), hops('0'), hops('true'), hops('1'), hops('2')]).toEqual([0, 0, 0, 1, 1, 2]);
    expect(() => hops('yes')).toThrow(/TRUST_PROXY: must be true, false or a number of proxy hops/);
    expect(() => hops('-1')).toThrow(ConfigError);
  });

  it('opens no metrics port unless METRICS_PORT or WORKER_METRICS_PORT names one', () => {
    expect(loadConfig({ VAR_DIR: varDir() }).metrics).toEqual({ webPort: undefined, workerPort: undefined, host: '0.0.0.0' });
    expect(loadConfig({ METRICS_PORT: '', WORKER_METRICS_PORT: ' ', VAR_DIR: varDir() }).metrics.webPort).toBeUndefined();
    const set = loadConfig({ METRICS_PORT: '9464', WORKER_METRICS_PORT: '9465', METRICS_HOST: '10.0.0.5', VAR_DIR: varDir() });
    expect(set.metrics).toEqual({ webPort: 9464, workerPort: 9465, host: '10.0.0.5' });
    expect(() => loadConfig({ METRICS_PORT: 'ninety', VAR_DIR: varDir() })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ WORKER_METRICS_PORT: '70000', VAR_DIR: varDir() })).toThrow(/WORKER_METRICS_PORT/);
  });

  it('reads the HTTP server timeouts and refuses a header timeout longer than the request timeout', () => {
    const config = loadConfig({
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
      HTTP_TIMEOUT_CHECK_MS: '50',
      VAR_DIR: varDir(),
    });
    expect(config.http).toEqual({
      headersTimeoutMs: 1000,
      requestTimeoutMs: 2000,
      keepAliveTimeoutMs: 500,
      connectionsCheckIntervalMs: 50,
    });
    expect(loadConfig({ VAR_DIR: varDir() }).http.headersTimeoutMs).toBeLessThan(60_000); // below Node's 60 s default
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '3000', HTTP_REQUEST_TIMEOUT_MS: '2000', VAR_DIR: varDir() })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
  });

  it('stops the web process with the readable message and exit code 1', () => {
    const root = path.resolve(import.meta.dirname, '..');
    let output = '';
    let status = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: root,
        env: { ...process.env, PORT: 'not-a-port', VAR_DIR: varDir() },
        stdio: 'pipe',
        encoding: 'utf8',
      });
    } catch (error) {
      const e = error as { status: number; stderr: string };
      status = e.status;
      output = e.stderr;
    }
    expect(status).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain('PORT');
    expect(output).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });
});
