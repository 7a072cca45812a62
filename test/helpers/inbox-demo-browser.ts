import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { INBOX_BUNDLE_FILE } from '../../apps/demo/src/admin/assets/inbox-bundle.service.js';
import { BUILT_DEMO_MAIN, demoUrl, spawnBuiltDemo, type BuiltDemo } from './built-demo.js';

/** A loopback port nothing listens on (bound, then released): the demo restarts on it. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The built demo and its bundle must exist: this test runs `apps/demo/dist` as users do. */
export function assertDemoBuilt(): void {
  for (const file of [BUILT_DEMO_MAIN, INBOX_BUNDLE_FILE]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first.`);
  }
}

/**
 * One built demo process on a fixed port, which the test can SIGKILL and start
 * again on the same port with the same environment (database, auth secret: the
 * browser's session cookie stays valid across the restart).
 */
export class RestartableDemo {
  private demo?: BuiltDemo;
  url = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<string> {
    this.demo = spawnBuiltDemo({ ...this.env, PORT: String(this.port) });
    try {
      this.url = await demoUrl(this.demo, 60_000);
    } catch (error) {
      await this.demo.kill();
      throw error;
    }
    return this.url;
  }

  /** SIGKILL: no shutdown hook runs, open streams just break. */
  kill(): Promise<void> {
    return this.demo?.kill() ?? Promise.resolve();
  }

  output(): string {
    return `${this.demo?.stdout() ?? ''}\n${this.demo?.stderr() ?? ''}`;
  }
}

/** JSON calls to the demo as one user, with the bearer token `POST /auth/login` gives. */
export class DemoApi {
  private token = '';

  constructor(
    private readonly base: () => string,
    private readonly user: string,
  ) {}

  async login(): Promise<void> {
    const res = await fetch(`${this.base()}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ user: this.user }),
    });
    if (res.status !== 200)
      throw new Error(`login as ${this.user}: ${res.status} ${await res.text()}`);
    this.token = ((await res.json()) as { token: string }).token;
  }

  async call<T = any>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.base()}/admin/notifications/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  async ok<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call<T>(method, path, body);
    if (res.status >= 300)
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** The user's messages in `status` (the contract's `GET inbox`), newest first. */
  async list(query = 'status=all&limit=100'): Promise<any> {
    return this.ok('GET', `inbox?${query}`);
  }

  async message(title: string): Promise<any> {
    const found = (await this.list()).notifications.filter((m: any) => m.title === title);
    if (found.length !== 1) throw new Error(`${found.length} messages titled "${title}"`);
    return found[0];
  }

  send(body: Record<string, unknown>): Promise<any> {
    return this.ok('POST', 'send', body);
  }
}

/** Polls `check` until it returns true (the browser and the server settle on their own time). */
export async function eventually(
  what: string,
  check: () => Promise<boolean>,
  tries = 200,
): Promise<void> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never true: ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

/** The titles the element lists now, in order. */
export function listedTitles(page: Page): Promise<string[]> {
  return page.locator('herald-inbox article h3').allTextContents();
}

/** Waits until the open panel's list is no longer loading. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('herald-inbox')?.shadowRoot;
    const panel = root?.querySelector('[role=tabpanel]');
    return !!panel && panel.getAttribute('aria-busy') === 'false';
  });
}
