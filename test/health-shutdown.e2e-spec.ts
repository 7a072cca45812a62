import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', 'apps', 'demo', 'dist', 'main.js');
const DRAIN_SECONDS = 1.5;

/**
 * Graceful shutdown of the built demo (`npm test` builds first): on SIGTERM,
 * readiness answers 503 while the server still serves, then the process exits
 * on its own after the drain delay.
 */
describe('demo graceful shutdown (built demo as a child process)', () => {
  let child: ChildProcess | undefined;
  let base: string;
  let output = '';

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" first.`);
    child = spawn(process.execPath, [MAIN], {
      cwd: join(__dirname, '..'),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_DATABASE_URL: 'sqlite::memory:',
        HERALD_MONITOR__HEALTH__DRAIN_DELAY: String(DRAIN_SECONDS),
        HERALD_MONITOR__HEALTH__CACHE_TTL: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`demo did not start:\n${output}`)), 20_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /running at (http:\/\/[^/\s]+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1].replace('localhost', '127.0.0.1'));
        }
      };
      child!.stdout!.on('data', onData);
      child!.stderr!.on('data', onData);
      child!.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`demo exited with ${code}:\n${output}`));
      });
    });
  });

  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('on SIGTERM readiness turns 503 while the server keeps answering, then it exits', async () => {
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const signalledAt = Date.now();
    child!.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe('unhealthy');
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect((await fetch(`${base}/`)).status).toBe(200); // still serving the application

    const code = await exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 100);
    expect(output).toMatch(/SIGTERM: draining/);
  });
});
