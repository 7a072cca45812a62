import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs `test/helpers/<script>` (TypeScript, through swc) in a child process
 * with `env` added, its stdout and stderr piped.
 */
export function spawnFaultProcess(script: string, env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    ['-r', join(__dirname, 'swc-register.js'), join(__dirname, script)],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

/**
 * Starts `test/helpers/<script>` as `spawnFaultProcess` does, resolving once
 * it prints `ready`; rejects with its stderr when it exits first.
 */
export function startFaultProcess(
  script: string,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const child = spawnFaultProcess(script, env);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`${script} exited with ${code ?? signal}: ${errors}`)),
    );
  });
}

/** Resolves once `child` has exited (at once if it has). */
export const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Stops what is still running (SIGTERM) and waits for every child to exit. */
export async function stopAll(children: readonly ChildProcess[]): Promise<void> {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  }
}
