import type { EventSink } from '../utils/lazy-event-emitter.util.js';
import { SuppressionInputError } from './errors/suppression-input.error.js';
import { refuseControlCharacters } from '../utils/store-text.util.js';
import {
  cleanAddress,
  normalizeAddress,
  suppressionId,
  tryNormalizeAddress,
} from './normalize-address.util.js';
import {
  SUPPRESSION_CHANNELS,
  SUPPRESSION_REASONS,
  type NewSuppression,
  type SuppressionChannel,
  type SuppressionEntry,
  type SuppressionListQuery,
  type SuppressionPage,
  type SuppressionReason,
} from './suppression-entry.js';
import { SUPPRESSION_ADDED_EVENT, SUPPRESSION_LIFTED_EVENT } from './suppression.events.js';
import type { SuppressionStore } from './suppression-store.protocol.js';

const MAX_LIMIT = 500;

/** One address to check before a send. */
export interface SuppressionCheck {
  channel: SuppressionChannel;
  /** As the sender has it; normalised here. */
  address: string;
  category?: string | null;
}

function checkChannel(channel: unknown): SuppressionChannel {
  if (!SUPPRESSION_CHANNELS.includes(channel as SuppressionChannel))
    throw new SuppressionInputError(
      'channel',
      `must be one of ${SUPPRESSION_CHANNELS.join(', ')} (got ${JSON.stringify(channel)})`,
    );
  return channel as SuppressionChannel;
}

const fail = (field: string, message: string) => new SuppressionInputError(field, message);

function checkCategory(category: unknown): string | null {
  if (category === undefined || category === null || category === '') return null;
  if (typeof category !== 'string' || category.length > 255)
    throw new SuppressionInputError('category', 'must be a string of at most 255 characters');
  refuseControlCharacters(category, 'category', fail);
  return category;
}

/**
 * The suppression list: addresses that must not get messages on a channel
 * (every category, or one), because they hard-bounced, complained, texted
 * STOP, unsubscribed, their push token is gone, or an operator said so.
 * Every send consults it (the notifier through `SuppressionGate`, direct
 * channel and mailer sends through reliable delivery) and records
 * `suppressed` instead of calling the provider. Injected by class.
 *
 * @example
 * await suppressions.add({ channel: 'mail', address: 'Ann@Example.com', reason: 'manual', source: 'support' });
 * await suppressions.list({ channel: 'mail', limit: 20 });
 */
export class SuppressionService {
  constructor(
    readonly store: SuppressionStore,
    private readonly events?: () => EventSink | undefined,
  ) {}

  /** Adds an entry (normalising the address); adding one that exists answers the existing one. */
  async add(input: NewSuppression): Promise<SuppressionEntry> {
    const channel = checkChannel(input?.channel);
    const address = normalizeAddress(channel, input.address);
    const category = checkCategory(input.category);
    if (!SUPPRESSION_REASONS.includes(input.reason))
      throw new SuppressionInputError(
        'reason',
        `must be one of ${SUPPRESSION_REASONS.join(', ')} (got ${JSON.stringify(input.reason)})`,
      );
    const source = input.source ?? 'manual';
    if (typeof source !== 'string' || source === '' || source.length > 255)
      throw new SuppressionInputError(
        'source',
        'must be a non-empty string of at most 255 characters',
      );
    refuseControlCharacters(source, 'source', fail);
    const { entry, created } = await this.store.add({
      id: suppressionId(channel, address, category),
      channel,
      address,
      category,
      reason: input.reason,
      source,
      createdAt: new Date(),
    });
    if (created) this.events?.()?.emit(SUPPRESSION_ADDED_EVENT, { entries: [entry] });
    return entry;
  }

  /** Lifts entries by id; answers what was lifted. */
  async lift(ids: string | readonly string[]): Promise<SuppressionEntry[]> {
    const list = typeof ids === 'string' ? [ids] : [...ids];
    if (list.some((id) => typeof id !== 'string' || !/^[0-9a-f]{64}$/.test(id)))
      throw new SuppressionInputError('id', 'must be the 64-character hex id of an entry');
    const lifted = await this.store.remove(list);
    if (lifted.length > 0) this.events?.()?.emit(SUPPRESSION_LIFTED_EVENT, { entries: lifted });
    return lifted;
  }

  /** Lifts every entry of (channel, address), only those of `reason` when given. */
  async liftAddress(
    channel: SuppressionChannel,
    address: string,
    reason?: SuppressionReason,
  ): Promise<SuppressionEntry[]> {
    const normalized = normalizeAddress(checkChannel(channel), address);
    const found = await this.store.find(channel, normalized, reason);
    return found.length > 0 ? this.lift(found.map((e) => e.id)) : [];
  }

  /** A page of entries, newest first, filtered by channel and (normalised) address. */
  async list(query: SuppressionListQuery = {}): Promise<SuppressionPage> {
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      throw new SuppressionInputError('limit', `must be an integer from 1 to ${MAX_LIMIT}`);
    if (!Number.isSafeInteger(offset) || offset < 0)
      throw new SuppressionInputError(
        'offset',
        `must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}`,
      );
    const channel = query.channel === undefined ? undefined : checkChannel(query.channel);
    const address =
      query.address === undefined || query.address === ''
        ? undefined
        : channel
          ? normalizeAddress(channel, query.address)
          : cleanAddress(query.address);
    return this.store.list({ channel, address, limit, offset });
  }

  /** The entry suppressing this send, or `undefined`. */
  async check(item: SuppressionCheck): Promise<SuppressionEntry | undefined> {
    return (await this.checkMany([item]))[0];
  }

  /**
   * The entry suppressing each send, in order (one store query for all). An
   * address that cannot be normalised is not suppressed: the provider
   * rejects it instead.
   */
  async checkMany(
    items: readonly SuppressionCheck[],
  ): Promise<Array<SuppressionEntry | undefined>> {
    const out = new Array<SuppressionEntry | undefined>(items.length);
    const probes: Array<{
      i: number;
      channel: SuppressionChannel;
      address: string;
      category: string | null;
    }> = [];
    items.forEach((item, i) => {
      const address = tryNormalizeAddress(item.channel, item.address);
      if (address !== undefined)
        probes.push({ i, channel: item.channel, address, category: item.category ?? null });
    });
    if (probes.length === 0) return out;
    const found = await this.store.findMatches(probes);
    probes.forEach((probe, j) => (out[probe.i] = found[j]));
    return out;
  }
}

/** The words a record and a notification show for a suppressed send. */
export function suppressedReason(entry: SuppressionEntry): string {
  return `suppressed: ${entry.reason}${entry.category ? ` (${entry.category})` : ''} since ${entry.createdAt.toISOString()} by ${entry.source}`;
}
