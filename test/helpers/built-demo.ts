import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The built demo's entry point (`npm run build` makes it). */
export const BUILT_DEMO_MAIN = join(__dirname, '..', '..', 'apps', 'demo', 'dist', 'main.js');

/** A running (or exited) built demo: the child, and everything it printed so far. */
export interface BuiltDemo {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has ended. */
  exited(): Promise<number | null>;
  /** SIGKILL when still running, then waits for the exit. */
  kill(): Promise<void>;
}

/** Spawns `node apps/demo/dist/main.js` on an ephemeral loopback port with `env` over the test's own. */
export function spawnBuiltDemo(env: Record<string, string>): BuiltDemo {
  if (!existsSync(BUILT_DEMO_MAIN)) {
    throw new Error(`${BUILT_DEMO_MAIN} is missing: run "npm run build" first.`);
  }
  const child = spawn(process.execPath, [BUILT_DEMO_MAIN], {
    cwd: join(__dirname, '..', '..'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited: () => done,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await done;
    },
  };
}

/**
 * How long a test gives the built demo to start or to stop on bad configuration. A cold start
 * costs about 3 s of CPU; on two cores shared with the other jest worker's suites it has
 * measured 25 s (12 starts at once), so a test that spawns the demo allows it this much.
 */
export const BUILT_DEMO_START_MS = 60_000;

/** A jest timeout for a test or hook that spawns the built demo and then talks to it. */
export const BUILT_DEMO_TEST_MS = BUILT_DEMO_START_MS + 30_000;

/** Waits until the demo prints its URL (`http://127.0.0.1:<port>`); rejects if it exits first or takes over `ms`. */
export async function demoUrl(demo: BuiltDemo, ms = BUILT_DEMO_START_MS): Promise<string> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const match = /running at (http:\/\/[^/\s]+)\//.exec(demo.stdout() + demo.stderr());
    if (match) return match[1].replace('localhost', '127.0.0.1');
    if (demo.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the demo did not start:\n${demo.stdout()}\n${demo.stderr()}`);
}
