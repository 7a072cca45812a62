import type {
  SuppressionEntry,
  SuppressionListQuery,
  SuppressionPage,
  SuppressionProbe,
} from '../suppression-entry';
import type { SuppressionStore } from '../suppression-store.protocol';

const copy = (entry: SuppressionEntry): SuppressionEntry => ({ ...entry });

/** Suppression entries in a Map: one process, lost on restart. */
export class MemorySuppressionStore implements SuppressionStore {
  private readonly entries = new Map<string, SuppressionEntry>();

  async add(entry: SuppressionEntry): Promise<{ entry: SuppressionEntry; created: boolean }> {
    const existing = this.entries.get(entry.id);
    if (existing) return { entry: copy(existing), created: false };
    this.entries.set(entry.id, copy(entry));
    return { entry: copy(entry), created: true };
  }

  async remove(ids: readonly string[]): Promise<SuppressionEntry[]> {
    const out: SuppressionEntry[] = [];
    for (const id of ids) {
      const found = this.entries.get(id);
      if (found && this.entries.delete(id)) out.push(copy(found));
    }
    return out;
  }

  async find(channel: string, address: string, reason?: string): Promise<SuppressionEntry[]> {
    return [...this.entries.values()]
      .filter(
        (e) =>
          e.channel === channel &&
          e.address === address &&
          (reason === undefined || e.reason === reason),
      )
      .map(copy);
  }

  async findMatches(
    probes: readonly SuppressionProbe[],
  ): Promise<Array<SuppressionEntry | undefined>> {
    if (this.entries.size === 0) return probes.map(() => undefined);
    const byAddress = new Map<string, SuppressionEntry[]>();
    for (const e of this.entries.values()) {
      const key = `${e.channel}\u0000${e.address}`;
      const list = byAddress.get(key);
      if (list) list.push(e);
      else byAddress.set(key, [e]);
    }
    return probes.map((p) => {
      const found = byAddress
        .get(`${p.channel}\u0000${p.address}`)
        ?.find((e) => e.category === null || e.category === (p.category ?? null));
      return found && copy(found);
    });
  }

  async list(
    query: Required<Pick<SuppressionListQuery, 'limit' | 'offset'>> & SuppressionListQuery,
  ): Promise<SuppressionPage> {
    const matching = [...this.entries.values()]
      .filter(
        (e) =>
          (query.channel === undefined || e.channel === query.channel) &&
          (query.address === undefined || e.address === query.address),
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    return {
      entries: matching.slice(query.offset, query.offset + query.limit).map(copy),
      total: matching.length,
      limit: query.limit,
      offset: query.offset,
    };
  }
}
