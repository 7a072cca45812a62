import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_ENDPOINT_DISABLED_EVENT,
  type WebhookEndpointDisabledEvent,
} from '@herald/contracts';
import { describeUrl } from '@herald/contracts/internal';
import type {
  DeliveryObserver,
  DeliverySettledEvent,
} from '../../delivery/reliable/delivery-engine.js';
import type { EventSink } from '../../utils/lazy-event-emitter.util.js';
import { refuseControlCharacters } from '../../utils/store-text.util.js';
import {
  activeSecrets,
  publicEndpoint,
  type StoredWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointFilter,
  type WebhookEndpointRegistration,
  type WebhookEndpointWithSecret,
} from './webhook-endpoint.js';
import { WebhookEndpointError } from './webhook-endpoint.error.js';
import { WebhookEndpointNotFoundError } from './webhook-endpoint-not-found.error.js';
import type { WebhookEndpointStore } from './webhook-endpoint-store.protocol.js';
import { WEBHOOK_DEFAULTS, type WebhookChannelOptions } from './webhook-options.js';
import { generateWebhookSecret, webhookSecretProblem } from './webhook-signature.util.js';
import { webhookUrlProblem } from './webhook-url.util.js';

/** The record channel of outgoing webhooks. */
export const WEBHOOK_CHANNEL = 'webhook';

const EVENT_TYPE = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const ENDPOINT_ID = /^ep_[0-9a-f]{24}$/;
const MAX_EVENT_TYPES = 100;

function text(field: string, value: unknown, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max)
    throw new WebhookEndpointError(
      field,
      `must be a non-empty string of at most ${max} characters (got ${describe(value)})`,
    );
  refuseControlCharacters(value, field, (f, m) => new WebhookEndpointError(f, m));
  return value;
}

function describe(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}...` : value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object'
    ? 'an object'
    : typeof value === 'undefined'
      ? 'nothing'
      : String(value);
}

/** A list of event types, checked: each like `invoice.paid` (letters, digits, `_.:-`, at most 128). */
export function checkEventTypes(field: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_EVENT_TYPES)
    throw new WebhookEndpointError(
      field,
      `must be an array of at most ${MAX_EVENT_TYPES} event types (got ${describe(value)})`,
    );
  value.forEach((type, i) => {
    if (typeof type !== 'string' || !EVENT_TYPE.test(type))
      throw new WebhookEndpointError(
        `${field}[${i}]`,
        `must be an event type of letters, digits, "_", ".", ":" or "-", at most 128 characters, starting with a letter or digit (got ${describe(type)})`,
      );
  });
  return [...new Set(value as string[])];
}

/**
 * Outgoing-webhook endpoints per user or tenant (the `owner`): register one
 * (URL, event types, a `whsec_` secret), rotate its secret (the old one keeps
 * signing for `rotationGraceMs`, so receivers see both signatures while they
 * switch), list, disable, enable, delete. Every input is checked here, with a
 * `WebhookEndpointError` naming the field. It observes settled `webhook`
 * deliveries: `failureThreshold` failures in a row disable the endpoint and
 * fire `WEBHOOK_ENDPOINT_DISABLED_EVENT`; a success resets the count.
 * Injected by class (exported by `NotifierModule`).
 *
 * @example
 * const { endpoint, secret } = await webhooks.register({ owner: 'tenant-42', url: 'https://example.com/hooks', eventTypes: ['invoice.paid'] });
 */
export class WebhookEndpointsService implements DeliveryObserver {
  /** The channel's options, defaults filled. */
  readonly options: Required<WebhookChannelOptions>;

  constructor(
    readonly store: WebhookEndpointStore,
    options: WebhookChannelOptions = {},
    private readonly events?: () => EventSink | undefined,
  ) {
    this.options = { ...WEBHOOK_DEFAULTS, ...options };
  }

  async register(registration: WebhookEndpointRegistration): Promise<WebhookEndpointWithSecret> {
    if (!registration || typeof registration !== 'object' || Array.isArray(registration))
      throw new WebhookEndpointError(
        'registration',
        `must be an object (got ${describe(registration)})`,
      );
    const owner = text('owner', registration.owner, 255);
    this.checkUrl(registration.url);
    const eventTypes = checkEventTypes('eventTypes', registration.eventTypes);
    const description =
      registration.description === undefined
        ? undefined
        : text('description', registration.description, 255);
    const secret = this.checkSecret(registration.secret);
    const now = new Date();
    const stored: StoredWebhookEndpoint = {
      id: `ep_${randomBytes(12).toString('hex')}`,
      owner,
      url: registration.url,
      eventTypes,
      enabled: true,
      consecutiveFailures: 0,
      secrets: [{ secret }],
      createdAt: now,
      updatedAt: now,
    };
    if (description !== undefined) stored.description = description;
    return { endpoint: publicEndpoint(await this.store.create(stored)), secret };
  }

  /**
   * A new secret (given, or generated) signs from now on; the current one
   * keeps signing for `graceMs` (requests carry both signatures meanwhile).
   * Secrets already past their window are dropped.
   */
  async rotateSecret(
    id: string,
    options: { secret?: string; graceMs?: number } = {},
  ): Promise<WebhookEndpointWithSecret> {
    const found = await this.require(id);
    const graceMs = options?.graceMs ?? this.options.rotationGraceMs;
    if (!Number.isInteger(graceMs) || graceMs < 0 || graceMs > 30 * 86_400_000)
      throw new WebhookEndpointError(
        'graceMs',
        `must be an integer of milliseconds from 0 to 2592000000 (30 days) (got ${describe(graceMs)})`,
      );
    const secret = this.checkSecret(options?.secret);
    const now = Date.now();
    const until = new Date(now + graceMs);
    const kept = activeSecrets(found.secrets, now).map((s) => ({
      secret: s.secret,
      expiresAt: s.expiresAt && s.expiresAt < until ? s.expiresAt : until,
    }));
    const updated = await this.store.update(found.id, {
      secrets: [{ secret }, ...(graceMs === 0 ? [] : kept)],
    });
    if (!updated) throw new WebhookEndpointNotFoundError(found.id);
    return { endpoint: publicEndpoint(updated), secret };
  }

  async get(id: string): Promise<WebhookEndpoint | undefined> {
    this.checkId(id);
    const found = await this.store.get(id);
    return found && publicEndpoint(found);
  }

  async list(filter: WebhookEndpointFilter = {}): Promise<WebhookEndpoint[]> {
    if (filter === null || typeof filter !== 'object' || Array.isArray(filter))
      throw new WebhookEndpointError('filter', `must be an object (got ${describe(filter)})`);
    if (filter.owner !== undefined) text('filter.owner', filter.owner, 255);
    if (filter.enabled !== undefined && typeof filter.enabled !== 'boolean')
      throw new WebhookEndpointError(
        'filter.enabled',
        `must be true or false (got ${describe(filter.enabled)})`,
      );
    const now = Date.now();
    return (await this.store.list(filter)).map((e) => publicEndpoint(e, now));
  }

  async disable(id: string, reason = 'manual'): Promise<WebhookEndpoint> {
    const why = text('reason', reason, 255);
    await this.require(id);
    return this.patch(id, { enabled: false, disabledReason: why });
  }

  /** Enables the endpoint again, its failure count reset. */
  async enable(id: string): Promise<WebhookEndpoint> {
    await this.require(id);
    return this.patch(id, { enabled: true, disabledReason: null, consecutiveFailures: 0 });
  }

  async delete(id: string): Promise<boolean> {
    this.checkId(id);
    return this.store.delete(id);
  }

  /** Counts failures and successes of settled `webhook` deliveries (the record's recipient is the endpoint id). */
  async onSettled(event: DeliverySettledEvent): Promise<void> {
    const { record } = event;
    if (record.channel !== WEBHOOK_CHANNEL || !ENDPOINT_ID.test(record.recipient)) return;
    if (record.status === 'sent') return this.store.recordSuccess(record.recipient);
    if (record.status !== 'failed' && record.status !== 'dead') return;
    const reason = `${this.options.failureThreshold} deliveries failed in a row; last: ${record.lastError ?? 'unknown error'}`;
    const counted = await this.store.recordFailure(
      record.recipient,
      this.options.failureThreshold,
      reason,
    );
    if (!counted?.disabled) return;
    const { endpoint } = counted;
    const payload: WebhookEndpointDisabledEvent = {
      endpointId: endpoint.id,
      owner: endpoint.owner,
      url: JSON.parse(describeUrl(endpoint.url)) as string,
      consecutiveFailures: endpoint.consecutiveFailures,
      reason: record.lastError ?? 'unknown error',
    };
    this.events?.()?.emit(WEBHOOK_ENDPOINT_DISABLED_EVENT, payload);
  }

  private async patch(
    id: string,
    patch: Parameters<WebhookEndpointStore['update']>[1],
  ): Promise<WebhookEndpoint> {
    const updated = await this.store.update(id, patch);
    if (!updated) throw new WebhookEndpointNotFoundError(id);
    return publicEndpoint(updated);
  }

  private async require(id: string): Promise<StoredWebhookEndpoint> {
    this.checkId(id);
    const found = await this.store.get(id);
    if (!found) throw new WebhookEndpointNotFoundError(id);
    return found;
  }

  private checkId(id: unknown): asserts id is string {
    if (typeof id !== 'string' || !ENDPOINT_ID.test(id))
      throw new WebhookEndpointError(
        'id',
        `must be an endpoint id "ep_" + 24 hex digits (got ${describe(id)})`,
      );
  }

  private checkUrl(url: unknown): void {
    const problem = webhookUrlProblem(url, this.options.allowPrivateTargets);
    if (problem) throw new WebhookEndpointError('url', problem);
  }

  private checkSecret(secret: unknown): string {
    if (secret === undefined) return generateWebhookSecret();
    const problem = webhookSecretProblem(secret);
    if (problem) throw new WebhookEndpointError('secret', problem);
    return secret as string;
  }
}
