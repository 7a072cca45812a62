import { performance } from 'node:perf_hooks';
import { type InboxStoreProtocol } from '@herald/contracts';
import { redactText } from '@herald/contracts/internal';

/**
 * The `notifications.inbox` check: the store answers a round trip
 * (`ping()`) within `timeoutMs`. Unhealthy with the (redacted) reason otherwise.
 */
export async function checkInboxStore(
  store: InboxStoreProtocol,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`inbox store did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  const store_name = store.constructor?.name ?? 'InboxStore';
  try {
    await Promise.race([store.ping(), deadline]);
    return { healthy: true, store: store_name, round_trip_ms: round(performance.now() - started) };
  } catch (error) {
    return {
      healthy: false,
      status: 'unhealthy',
      store: store_name,
      message: redactText(String((error as Error)?.message ?? error)),
      round_trip_ms: round(performance.now() - started),
    };
  } finally {
    clearTimeout(timer);
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;
