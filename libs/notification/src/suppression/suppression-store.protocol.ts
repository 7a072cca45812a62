import type {
  SuppressionEntry,
  SuppressionListQuery,
  SuppressionPage,
  SuppressionProbe,
} from './suppression-entry.js';

/**
 * Where suppression entries live: `MemorySuppressionStore`,
 * `DatabaseSuppressionStore` (TypeORM; SQLite and PostgreSQL). Addresses
 * arrive normalised; one entry per (channel, address, category).
 */
export interface SuppressionStore {
  /** Adds the entry, or answers the one already there for its (channel, address, category). */
  add(entry: SuppressionEntry): Promise<{ entry: SuppressionEntry; created: boolean }>;
  /** Deletes entries by id; answers what was deleted. */
  remove(ids: readonly string[]): Promise<SuppressionEntry[]>;
  /** Entries of (channel, address), every category, optionally only of `reason`. */
  find(channel: string, address: string, reason?: string): Promise<SuppressionEntry[]>;
  /** For each probe, the first matching entry (its category or every category), or `undefined`. */
  findMatches(probes: readonly SuppressionProbe[]): Promise<Array<SuppressionEntry | undefined>>;
  list(
    query: Required<Pick<SuppressionListQuery, 'limit' | 'offset'>> & SuppressionListQuery,
  ): Promise<SuppressionPage>;
}
