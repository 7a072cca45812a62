import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, and how the reference implementation judged it. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The secrets (expected for the path when it arrived) that verified it. */
  verifiedWith: string[];
  /** Expected secrets that did not verify it, with the reference library's error. */
  failures: string[];
}

/**
 * A webhook consumer on 127.0.0.1: every request is verified with the
 * `standardwebhooks` package (the Standard Webhooks reference implementation)
 * against every secret the test expects for its path; answers follow a script
 * per path (default 200).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** path → secrets every request there must verify with. */
  readonly secrets = new Map<string, string[]>();
  /** path → statuses to answer, one a request (the last one repeats); headers optional. */
  readonly script = new Map<string, Array<[number, Record<string, string>?]>>();
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const path = req.url ?? '/';
        const verifiedWith: string[] = [];
        const failures: string[] = [];
        for (const secret of this.secrets.get(path) ?? []) {
          try {
            new Webhook(secret).verify(body, req.headers as Record<string, string>);
            verifiedWith.push(secret);
          } catch (error) {
            failures.push(`${secret.slice(0, 10)}…: ${(error as Error).message}`);
          }
        }
        this.received.push({ path, headers: req.headers, body, verifiedWith, failures });
        const steps = this.script.get(path) ?? [[200]];
        const [status, headers] = steps.length > 1 ? steps.shift()! : steps[0];
        res.writeHead(status, headers).end();
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Requests to `path`. */
  at(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Requests that some expected secret did not verify, or that had no expected secret. */
  unverified(): ReceivedWebhook[] {
    return this.received.filter((r) => r.failures.length > 0 || r.verifiedWith.length === 0);
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((r) => this.server!.close(r));
  }
}
