import { spawn, type ChildProcess } from 'node:child_process';
import { delimiter, dirname } from 'node:path';

/** What a finished command printed and how it ended. */
export interface CommandResult {
  code: number | null;
  output: string;
  ms: number;
}

/**
 * The environment of the consumer app's commands: the caller's, less what
 * `npm run` or a Herald configuration would leak into a fresh app, with the
 * chosen Node first on PATH (and its headers for native addons).
 */
export function cleanEnv(node: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|HERALD_|INIT_CWD$|NODE_ENV$)/i.test(key)) continue;
    env[key] = value;
  }
  env.PATH = `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`;
  if (node !== process.execPath) env.npm_config_nodedir = dirname(dirname(node));
  return { ...env, ...extra };
}

/** Runs a command to its end (killed after `timeoutMs`), collecting stdout and stderr together. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<CommandResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += `\n[killed after ${options.timeoutMs} ms]`;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => (output += `\n${error.message}`));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

/** A started app: its process, its log so far and the URL it printed. */
export interface RunningApp {
  child: ChildProcess;
  log: () => string;
  url: string;
}

/** Starts `node dist/main.js` and waits for its "listening on <url>" line. */
export function startApp(
  node: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<RunningApp> {
  const child = spawn(node, ['dist/main.js'], { cwd, env, stdio: 'pipe' });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "listening on" line within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url: url.replace('[::1]', '127.0.0.1'), log: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${signal ?? code}) before listening:\n${output}`));
    });
  });
}

/** Sends SIGTERM and waits for the exit; SIGKILL after `timeoutMs`. Resolves the exit code. */
export function stopApp(app: RunningApp, timeoutMs: number): Promise<number | string | null> {
  if (app.child.exitCode !== null) return Promise.resolve(app.child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => app.child.kill('SIGKILL'), timeoutMs);
    app.child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(signal ?? code);
    });
    app.child.kill('SIGTERM');
  });
}
