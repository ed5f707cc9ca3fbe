import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the server and PostgreSQL that plays the network's failures:
 * - `pass`: bytes flow both ways (what was held back during a stall is delivered);
 * - `refuse`: the port is closed (new connections are refused) and open connections are reset,
 *   as when the database server goes down;
 * - `stall`: nothing flows any more, in either direction, on open or new connections, as when
 *   packets are dropped; the connections stay open.
 */
export type ProxyMode = 'pass' | 'refuse' | 'stall';

interface Pair {
  client: Socket;
  upstream: Socket | null;
  /** Bytes held back while stalled, per direction. */
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export class TcpProxy {
  private mode: ProxyMode = 'pass';
  private readonly pairs = new Set<Pair>();
  private server: Server | null = null;

  private constructor(
    private readonly target: { host: string; port: number },
    private listenPort: number,
  ) {}

  /** Listens on 127.0.0.1 on a free port and forwards to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.listen();
    return proxy;
  }

  get port(): number {
    return this.listenPort;
  }

  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.listenPort);
    return url.toString();
  }

  async pass(): Promise<void> {
    this.mode = 'pass';
    if (!this.server) await this.listen();
    for (const pair of this.pairs) this.flush(pair);
  }

  stall(): void {
    this.mode = 'stall';
  }

  async refuse(): Promise<void> {
    this.mode = 'refuse';
    const server = this.server;
    this.server = null;
    for (const pair of this.pairs) this.reset(pair);
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async close(): Promise<void> {
    await this.refuse();
  }

  private async listen(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // The same port again after a refusal, so that the clients' address stays right.
      server.listen(this.listenPort, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('the proxy has no port');
    this.listenPort = address.port;
    this.server = server;
  }

  private accept(client: Socket): void {
    const pair: Pair = { client, upstream: null, toUpstream: [], toClient: [] };
    this.pairs.add(pair);
    client.on('data', (chunk) => {
      pair.toUpstream.push(chunk);
      this.flush(pair);
    });
    client.on('error', () => this.reset(pair));
    client.on('close', () => this.reset(pair));
    this.flush(pair);
  }

  /** Delivers what is held back, unless stalled; opens the upstream connection on first use. */
  private flush(pair: Pair): void {
    if (this.mode !== 'pass' || !this.pairs.has(pair)) return;
    if (!pair.upstream) {
      const upstream = connect(this.target.port, this.target.host);
      pair.upstream = upstream;
      upstream.on('data', (chunk) => {
        pair.toClient.push(chunk);
        this.flush(pair);
      });
      upstream.on('error', () => this.reset(pair));
      upstream.on('close', () => this.reset(pair));
    }
    for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
    for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
  }

  private reset(pair: Pair): void {
    if (!this.pairs.delete(pair)) return;
    if (!pair.client.destroyed) pair.client.resetAndDestroy();
    if (pair.upstream && !pair.upstream.destroyed) pair.upstream.destroy();
  }
}
