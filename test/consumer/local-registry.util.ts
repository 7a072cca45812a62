import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { run } from './consumer-process.util.js';

/**
 * A throw-away npm registry on 127.0.0.1 (Verdaccio): storage in a temporary
 * folder, `@herald/*` served only from what was published to it (never from
 * the real registry), every other package proxied to `upstream`. Publishing
 * uses a throw-away user created on start.
 */
export class LocalRegistry {
  private child?: ChildProcess;
  private output = '';
  url = '';
  private userconfig = '';

  constructor(
    private readonly dir: string,
    private readonly upstream: string,
    private readonly repoRoot: string,
  ) {}

  async start(timeoutMs = 60_000): Promise<this> {
    mkdirSync(join(this.dir, 'storage'), { recursive: true });
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}/`;
    const config = join(this.dir, 'config.yaml');
    writeFileSync(
      config,
      [
        `storage: ${join(this.dir, 'storage')}`,
        'auth:',
        '  htpasswd:',
        `    file: ${join(this.dir, 'htpasswd')}`,
        '    max_users: 1',
        'uplinks:',
        '  npmjs:',
        `    url: ${this.upstream}`,
        '    timeout: 120s',
        'packages:',
        "  '@herald/*':",
        '    access: $all',
        '    publish: $authenticated',
        "  '**':",
        '    access: $all',
        '    proxy: npmjs',
        'max_body_size: 200mb',
        'log: { type: stdout, format: pretty, level: warn }',
        '',
      ].join('\n'),
    );
    const bin = join(this.repoRoot, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
    const child = spawn(
      process.execPath,
      [bin, '--config', config, '--listen', `127.0.0.1:${port}`],
      {
        cwd: this.dir,
        stdio: 'pipe',
      },
    );
    this.child = child;
    child.stdout?.on('data', (c: Buffer) => (this.output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (this.output += c.toString()));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`verdaccio exited:\n${this.output}`);
      try {
        const res = await fetch(`${this.url}-/ping`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`verdaccio did not answer:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const res = await fetch(`${this.url}-/user/org.couchdb.user:herald-ci`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'herald-ci', password: 'throw-away-password' }),
    });
    const body = (await res.json()) as { token?: string };
    if (!res.ok || !body.token) throw new Error(`verdaccio refused the user: ${res.status}`);
    this.userconfig = join(this.dir, 'publish.npmrc');
    const host = this.url.replace(/^http:/, '');
    writeFileSync(this.userconfig, `${host}:_authToken=${body.token}\n`);
    return this;
  }

  /** `npm publish <tarball>` to this registry. */
  async publish(tarball: string): Promise<void> {
    const result = await run(
      'npm',
      [
        'publish',
        tarball,
        '--registry',
        this.url,
        '--userconfig',
        this.userconfig,
        '--access',
        'public',
        '--ignore-scripts',
        '--no-audit',
      ],
      { cwd: this.dir, env: process.env, timeoutMs: 120_000 },
    );
    if (result.code !== 0) throw new Error(`npm publish ${tarball} failed:\n${result.output}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  log(): string {
    return this.output;
  }
}

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
