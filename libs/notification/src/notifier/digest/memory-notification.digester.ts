import type { DigestEntry } from '../gates/notification-gate.interface.js';
import { windowOf, type DigestBuffer } from './digest-buffer.js';

/**
 * Digest windows in this process: bind it with
 * `NotifierModule.forRoot({}, { digester: MemoryNotificationDigester, gates: [DigestGate] })`.
 * Entries are lost on restart; use `RedisNotificationDigester` with several
 * instances or the BullMQ queue.
 */
export class MemoryNotificationDigester implements DigestBuffer {
  private readonly open = new Map<string, number>();
  private readonly windows = new Map<string, DigestEntry[]>();

  async add(entries: readonly DigestEntry[]): Promise<void> {
    await this.push(entries, Date.now());
  }

  async push(entries: readonly DigestEntry[], now: number): Promise<number[]> {
    return entries.map((entry) => {
      let end = this.open.get(entry.key);
      if (end === undefined || end <= now) {
        end = now + windowOf(entry);
        this.open.set(entry.key, end);
      }
      const id = `${entry.key}\u0000${end}`;
      const list = this.windows.get(id) ?? [];
      list.push(JSON.parse(JSON.stringify(entry)) as DigestEntry);
      this.windows.set(id, list);
      return end;
    });
  }

  async read(key: string, windowEnd: number): Promise<DigestEntry[]> {
    return [...(this.windows.get(`${key}\u0000${windowEnd}`) ?? [])];
  }

  async clear(key: string, windowEnd: number): Promise<void> {
    this.windows.delete(`${key}\u0000${windowEnd}`);
    if (this.open.get(key) === windowEnd) this.open.delete(key);
  }
}
