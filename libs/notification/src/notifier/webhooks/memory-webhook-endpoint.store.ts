import type { StoredWebhookEndpoint, WebhookEndpointFilter } from './webhook-endpoint.js';
import type {
  WebhookEndpointPatch,
  WebhookEndpointStore,
} from './webhook-endpoint-store.protocol.js';

/** A copy the caller may change (Object.assign: on Node 20 a spread with more keys makes a slow object). */
const copy = (e: StoredWebhookEndpoint): StoredWebhookEndpoint =>
  Object.assign({}, e, {
    eventTypes: [...e.eventTypes],
    secrets: e.secrets.map((s) => ({ ...s })),
  });

/** Webhook endpoints in this process's memory (tests, `store: 'memory'`). */
export class MemoryWebhookEndpointStore implements WebhookEndpointStore {
  private readonly endpoints = new Map<string, StoredWebhookEndpoint>();

  async create(endpoint: StoredWebhookEndpoint): Promise<StoredWebhookEndpoint> {
    this.endpoints.set(endpoint.id, copy(endpoint));
    return copy(endpoint);
  }

  async get(id: string): Promise<StoredWebhookEndpoint | undefined> {
    const found = this.endpoints.get(id);
    return found && copy(found);
  }

  async list(filter: WebhookEndpointFilter = {}): Promise<StoredWebhookEndpoint[]> {
    return [...this.endpoints.values()]
      .filter(
        (e) =>
          (filter.owner === undefined || e.owner === filter.owner) &&
          (filter.enabled === undefined || e.enabled === filter.enabled),
      )
      .map(copy);
  }

  async listEnabled(owners: readonly string[]): Promise<StoredWebhookEndpoint[]> {
    const wanted = new Set(owners);
    return [...this.endpoints.values()].filter((e) => e.enabled && wanted.has(e.owner)).map(copy);
  }

  async update(
    id: string,
    patch: WebhookEndpointPatch,
  ): Promise<StoredWebhookEndpoint | undefined> {
    const found = this.endpoints.get(id);
    if (!found) return undefined;
    const { disabledReason, ...rest } = patch;
    const next: StoredWebhookEndpoint = { ...found, ...rest, updatedAt: new Date() };
    if (disabledReason === null) delete next.disabledReason;
    else if (disabledReason !== undefined) next.disabledReason = disabledReason;
    this.endpoints.set(id, copy(next));
    return copy(next);
  }

  async delete(id: string): Promise<boolean> {
    return this.endpoints.delete(id);
  }

  async recordFailure(id: string, threshold: number, reason: string) {
    const found = this.endpoints.get(id);
    if (!found || !found.enabled) return undefined;
    found.consecutiveFailures += 1;
    found.updatedAt = new Date();
    const disabled = found.consecutiveFailures >= threshold;
    if (disabled) {
      found.enabled = false;
      found.disabledReason = reason;
    }
    return { endpoint: copy(found), disabled };
  }

  async recordSuccess(id: string): Promise<void> {
    const found = this.endpoints.get(id);
    if (found && found.consecutiveFailures !== 0) found.consecutiveFailures = 0;
  }
}
