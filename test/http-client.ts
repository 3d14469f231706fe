/** A response's headers as one object, names lower-cased (as fetch gives them). */
export function headerFields(headers: Headers): Record<string, string> {
  const fields: Record<string, string> = {};
  headers.forEach((value, name) => {
    fields[name] = value;
  });
  return fields;
}

/**
 * A tiny browser-like client for route tests: keeps cookies, echoes XSRF-TOKEN in X-XSRF-TOKEN
 * like the React app does, and returns status, headers and the parsed body.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  ip: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string>; csrf?: boolean } = {},
  ) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...options.headers,
    };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && options.csrf !== false) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.ip) headers['x-forwarded-for'] = this.ip;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const type = response.headers.get('content-type') ?? '';
    const raw = Buffer.from(await response.arrayBuffer());
    const parsed: unknown = type.includes('json') && raw.length ? JSON.parse(raw.toString('utf8')) : raw.toString('utf8');
    return { status: response.status, headers: response.headers, body: parsed as any, raw }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }
  post(path: string, json?: unknown, options: { csrf?: boolean } = {}) {
    return this.request('POST', path, { json: json ?? {}, ...options });
  }
  put(path: string, json?: unknown) {
    return this.request('PUT', path, { json: json ?? {} });
  }
  patch(path: string, json?: unknown) {
    return this.request('PATCH', path, { json: json ?? {} });
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }

  /** Fetches the CSRF cookie, as the app does before its first state-changing call. */
  async csrf() {
    const response = await this.get('/sanctum/csrf-cookie');
    if (response.status !== 204) throw new Error(`csrf-cookie answered ${response.status}`);
    return this;
  }
}
