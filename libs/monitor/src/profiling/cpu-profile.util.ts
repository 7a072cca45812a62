import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { PerformanceMonitorError } from '../errors/index.js';
import type { CpuProfileOptions } from './performance.types.js';

/**
 * A V8 CPU profile recorded through `node:inspector` in this process. The
 * in-process inspector session answers synchronously, so starting and
 * stopping need no await. Saved files open in Chrome DevTools
 * (Performance → Load profile) and in VS Code.
 */
export class CpuProfileRecorder {
  private session?: Session;

  start(): void {
    if (this.session) throw new PerformanceMonitorError('CPU profile already recording');
    const session = new Session();
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.start');
    this.session = session;
  }

  /** Stops recording and writes `<outputDir>/<fileName>.cpuprofile`; returns its path. */
  stopAndSave(options: CpuProfileOptions, defaultName: string): string {
    const session = this.session;
    if (!session)
      throw new PerformanceMonitorError('CPU profile is not recording; call start() first');
    this.session = undefined;
    let profile: unknown;
    let failure: Error | null = null;
    session.post('Profiler.stop', (error, result) => {
      failure = error;
      profile = result?.profile;
    });
    session.disconnect();
    if (failure || !profile) {
      throw new PerformanceMonitorError(
        `V8 CPU profile could not be read: ${(failure as Error | null)?.message ?? 'no profile returned'}`,
      );
    }
    mkdirSync(options.outputDir, { recursive: true });
    const path = join(options.outputDir, `${options.fileName ?? defaultName}.cpuprofile`);
    writeFileSync(path, JSON.stringify(profile));
    return path;
  }

  /** Stops without saving (on error paths). */
  discard(): void {
    this.session?.disconnect();
    this.session = undefined;
  }
}

/** A file-name-safe `<name>-<ISO time>`. */
export function defaultProfileName(name: string): string {
  return `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}
