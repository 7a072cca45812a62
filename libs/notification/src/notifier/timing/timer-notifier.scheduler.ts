import type { NotifierJob, NotifierScheduler } from '../queue/notifier-job.interface.js';

/**
 * Delayed dispatches on timers of this process, for inline delivery
 * (`NotifierModule` option `inlineTimers: true`): scheduled sends, deferred
 * deliveries, escalations and digest flushes run at their time while the
 * process lives. They are lost on restart; use the BullMQ queue where that
 * matters. A job with the same id is not added twice; `remove` cancels one.
 */
export class TimerNotifierScheduler implements NotifierScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private handle?: (job: NotifierJob) => Promise<unknown>;
  private readonly running = new Set<Promise<unknown>>();

  /** Where due jobs go (the notifier's `runJob`); set at bootstrap. */
  start(handle: (job: NotifierJob) => Promise<unknown>): void {
    this.handle = handle;
  }

  /** Ids of the jobs waiting. */
  pending(): string[] {
    return [...this.timers.keys()];
  }

  async schedule(jobId: string, job: NotifierJob, dueAtMs: number): Promise<void> {
    if (this.timers.has(jobId)) return;
    const data = JSON.parse(JSON.stringify(job)) as NotifierJob;
    const timer = setTimeout(
      () => {
        this.timers.delete(jobId);
        const run = (this.handle?.(data) ?? Promise.resolve()).catch(() => undefined);
        this.running.add(run);
        void run.finally(() => this.running.delete(run));
      },
      Math.max(0, dueAtMs - Date.now()),
    );
    timer.unref?.();
    this.timers.set(jobId, timer);
  }

  async remove(jobId: string): Promise<boolean> {
    const timer = this.timers.get(jobId);
    if (!timer) return false;
    clearTimeout(timer);
    this.timers.delete(jobId);
    return true;
  }

  /** Drops the waiting jobs and waits for those running. */
  async close(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.running]);
  }
}
