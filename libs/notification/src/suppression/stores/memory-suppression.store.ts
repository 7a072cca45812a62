import type {
  SuppressionEntry,
  SuppressionListQuery,
  SuppressionPage,
  SuppressionProbe,
} from '../suppression-entry.js';
import type { SuppressionStore } from '../suppression-store.protocol.js';
import { refuseSuppressionControls, refuseUnsafePage } from './suppression-store-input.util.js';

const copy = (entry: SuppressionEntry): SuppressionEntry => ({ ...entry });
const keyOf = (channel: string, address: string): string => `${channel}\u0000${address}`;

/** Suppression entries in a Map (indexed by address): one process, lost on restart. */
export class MemorySuppressionStore implements SuppressionStore {
  private readonly entries = new Map<string, SuppressionEntry>();
  private readonly byAddress = new Map<string, SuppressionEntry[]>();

  async add(entry: SuppressionEntry): Promise<{ entry: SuppressionEntry; created: boolean }> {
    const { address, category, source } = entry;
    refuseSuppressionControls({ address, category, source });
    const existing = this.entries.get(entry.id);
    if (existing) return { entry: copy(existing), created: false };
    const stored = copy(entry);
    this.entries.set(entry.id, stored);
    const key = keyOf(entry.channel, entry.address);
    const list = this.byAddress.get(key);
    if (list) list.push(stored);
    else this.byAddress.set(key, [stored]);
    return { entry: copy(entry), created: true };
  }

  async remove(ids: readonly string[]): Promise<SuppressionEntry[]> {
    const out: SuppressionEntry[] = [];
    for (const id of ids) {
      const found = this.entries.get(id);
      if (!found || !this.entries.delete(id)) continue;
      const key = keyOf(found.channel, found.address);
      const rest = (this.byAddress.get(key) ?? []).filter((e) => e.id !== id);
      if (rest.length > 0) this.byAddress.set(key, rest);
      else this.byAddress.delete(key);
      out.push(copy(found));
    }
    return out;
  }

  async find(channel: string, address: string, reason?: string): Promise<SuppressionEntry[]> {
    refuseSuppressionControls({ address });
    return (this.byAddress.get(keyOf(channel, address)) ?? [])
      .filter((e) => reason === undefined || e.reason === reason)
      .map(copy);
  }

  async findMatches(
    probes: readonly SuppressionProbe[],
  ): Promise<Array<SuppressionEntry | undefined>> {
    return probes.map((p) => {
      const found = this.byAddress
        .get(keyOf(p.channel, p.address))
        ?.find((e) => e.category === null || e.category === (p.category ?? null));
      return found && copy(found);
    });
  }

  async list(
    query: Required<Pick<SuppressionListQuery, 'limit' | 'offset'>> & SuppressionListQuery,
  ): Promise<SuppressionPage> {
    refuseSuppressionControls({ address: query.address });
    refuseUnsafePage(query.limit, query.offset);
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
