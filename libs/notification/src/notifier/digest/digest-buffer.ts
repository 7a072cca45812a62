import type { DigestEntry, NotificationDigester } from '../gates/notification-gate.interface.js';

/**
 * A digester that buffers entries per key in windows, so the notifier can
 * flush each window through its queue when it ends and render it with the
 * notification's `renderDigest`: `MemoryNotificationDigester` (one process)
 * and `RedisNotificationDigester` (every instance). A window opens with the
 * first entry of its key and lasts that entry's `windowMs`.
 */
export interface DigestBuffer extends NotificationDigester {
  /** Adds entries to the open window of their key; answers the end of each entry's window. */
  push(entries: readonly DigestEntry[], now: number): Promise<number[]>;
  /** The entries of `key`'s window ending at `windowEnd`, oldest first. */
  read(key: string, windowEnd: number): Promise<DigestEntry[]>;
  /** Forgets that window (once its digest is dispatched). */
  clear(key: string, windowEnd: number): Promise<void>;
  close?(): Promise<void>;
}

/** Whether a bound digester buffers (the notifier then schedules its flushes). */
export function isDigestBuffer(digester: NotificationDigester): digester is DigestBuffer {
  const d = digester as Partial<DigestBuffer>;
  return (
    typeof d.push === 'function' && typeof d.read === 'function' && typeof d.clear === 'function'
  );
}

/** The window of an entry, in ms. @default one hour */
export const windowOf = (entry: DigestEntry): number =>
  entry.windowMs ?? entry.context.notification.digest?.windowMs ?? 3_600_000;
