import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL or Redis for fault tests (decision 009 "Outages"): `close()` drops
 * every connection and refuses new ones — what a server sees when its database or Redis goes away —
 * and `open()` lets connections through again on the same port. The real service is never stopped.
 */
export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  readonly port: number;
  /** `target` with its host and port replaced by the proxy's (a `postgres://` or `redis://` URL). */
  url(target: string): string;
  /** Drops every open connection and refuses new ones until `open()`. */
  close(): Promise<void>;
  /** Accepts connections again, on the same port. */
  open(): Promise<void>;
  /** Stops for good. */
  stop(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;

  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          // A reset on one side ends the other; the error itself is what the test provokes.
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve(next));
    });

  server = await listen(0);
  const port = (server.address() as AddressInfo).port;

  const close = async () => {
    const closing = server;
    server = null;
    // `resetAndDestroy` sends RST, as a crashed or firewalled server would; `destroy` where it is missing.
    for (const socket of sockets) (socket.resetAndDestroy ?? socket.destroy).call(socket);
    sockets.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  return {
    port,
    url(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    close,
    async open() {
      if (server) return;
      server = await listen(port);
    },
    stop: close,
  };
}

/** Host and port of a `postgres://` or `redis://` URL (default ports filled in). */
export function hostAndPort(targetUrl: string): { host: string; port: number } {
  const url = new URL(targetUrl);
  const defaultPort = url.protocol.startsWith('redis') ? 6379 : 5432;
  return { host: url.hostname || '127.0.0.1', port: Number(url.port || defaultPort) };
}
