import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SlowSmtp {
  /** SMTP URL for nodemailer: credentials, and trust for the server's self-signed certificate. */
  url: string;
  /** Messages the server accepted. */
  received(): number;
  /** Connections clients opened so far. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A mail server as production's relay behaves, made slow: smtp-server with its defaults (STARTTLS
 * with its built-in certificate, PIPELINING) and login required, behind a proxy that holds every
 * reply for `stallMs` before passing it on, so each command (greeting, EHLO, STARTTLS, the TLS
 * handshake, AUTH, the envelope, the end of the message) answers `stallMs` late. Replies keep
 * their order; what the client sends passes at once.
 */
export async function startSlowSmtp(stallMs: number): Promise<SlowSmtp> {
  let received = 0;
  let connections = 0;
  const server = new SMTPServer({
    logger: false,
    authOptional: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received++;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const serverPort = (server.server.address() as AddressInfo).port;

  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    connections++;
    const upstream = connect(serverPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let last = 0; // when the previous reply goes out: later replies never overtake it
    upstream.on('data', (chunk: Buffer) => {
      last = Math.max(Date.now() + stallMs, last);
      setTimeout(() => client.writable && client.write(chunk), last - Date.now());
    });
    client.pipe(upstream);
    const end = () => {
      setTimeout(() => client.end(), Math.max(0, last - Date.now()));
      upstream.end();
    };
    upstream.on('end', end);
    client.on('close', () => upstream.destroy());
    for (const socket of [client, upstream]) {
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as AddressInfo).port;

  return {
    url: `smtp://bench:secret@127.0.0.1:${port}/?tls.rejectUnauthorized=false`,
    received: () => received,
    connections: () => connections,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
