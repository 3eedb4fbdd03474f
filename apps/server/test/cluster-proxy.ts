/**
 * A small loopback load balancer for the cluster test: each HTTP request goes to the next Helio process in turn (no
 * stickiness — a session must hold on whichever process answers); a process that refuses the connection is skipped
 * for that request, the way a balancer's health check would take it out.
 */
import http from 'node:http';
import type net from 'node:net';

export class RoundRobinProxy {
  private server: http.Server | undefined;
  private next = 0;
  /** Which backend answered each request (its index), in order. */
  readonly answeredBy: number[] = [];
  port = 0;

  constructor(private readonly backends: number[]) {}

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => void this.forward(req, res, 0));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  private async forward(req: http.IncomingMessage, res: http.ServerResponse, tried: number): Promise<void> {
    const body: Buffer[] = [];
    for await (const chunk of req) body.push(chunk as Buffer);
    const send = (attempt: number) => {
      const index = this.next++ % this.backends.length;
      const upstream = http.request(
        { host: '127.0.0.1', port: this.backends[index], method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': '127.0.0.1' } },
        (up) => {
          this.answeredBy.push(index);
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (attempt + 1 < this.backends.length) send(attempt + 1);
        else {
          res.writeHead(502);
          res.end();
        }
      });
      upstream.end(Buffer.concat(body));
    };
    send(tried);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
