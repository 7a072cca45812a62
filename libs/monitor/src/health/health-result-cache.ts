import { HealthStatus } from '@herald/contracts';
import type { HealthCheckEntry } from './health-check-entry.js';
import type { HealthCheckResult } from './health-check-result.js';

interface Slot {
  result?: HealthCheckResult;
  /** Date.now() when `result` was stored. */
  at: number;
  inflight?: Promise<HealthCheckResult>;
}

/** A result that is not HEALTHY is reused at most this long, whatever the TTL. */
const FAILED_RESULT_TTL_MS = 1000;

/**
 * Per-check result cache with single flight and background refresh: a fresh
 * HEALTHY result (younger than the TTL) is answered synchronously; a stale one
 * (up to two TTLs old) is answered while one refresh runs in the background;
 * older or absent results wait for the one run in flight. A result that is
 * not HEALTHY stays fresh for at most 1 s and is never answered stale, so a
 * recovery shows at the next probe after that second, not a TTL later; a
 * burst of probes during an outage still runs a check about once a second.
 * TTL 0 disables caching.
 */
export class HealthResultCache {
  private slots = new Map<string, Slot>();

  constructor(
    private readonly ttlMs: number,
    private readonly run: (entry: HealthCheckEntry) => Promise<HealthCheckResult>,
  ) {}

  /** The answer for one check; `now` (Date.now()) may be passed by a caller asking for several. */
  get(entry: HealthCheckEntry, now?: number): HealthCheckResult | Promise<HealthCheckResult> {
    if (this.ttlMs <= 0) return this.run(entry);
    let slot = this.slots.get(entry.name);
    if (!slot) {
      slot = { at: 0 };
      this.slots.set(entry.name, slot);
    }
    const age = (now ?? Date.now()) - slot.at;
    const healthy = slot.result?.status === HealthStatus.HEALTHY;
    const usable = slot.result !== undefined && healthy && age < 2 * this.ttlMs;
    const fresh = healthy ? this.ttlMs : Math.min(this.ttlMs, FAILED_RESULT_TTL_MS);
    if (slot.result !== undefined && age < fresh) return slot.result;
    if (!slot.inflight) slot.inflight = this.refresh(entry.name, slot, entry);
    return usable ? slot.result! : slot.inflight;
  }

  /** Drops one check's cached result (after `remove`). */
  forget(name: string): void {
    this.slots.delete(name);
  }

  /** Drops everything; refreshes still running will not write back. */
  clear(): void {
    this.slots = new Map();
  }

  private refresh(name: string, slot: Slot, entry: HealthCheckEntry): Promise<HealthCheckResult> {
    return this.run(entry).then((result) => {
      slot.inflight = undefined;
      if (this.slots.get(name) === slot) {
        slot.result = result;
        slot.at = Date.now();
      }
      return result;
    });
  }
}
