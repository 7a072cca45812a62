import type { StoredWebhookEndpoint, WebhookEndpointFilter } from './webhook-endpoint.js';

/** What an endpoint update may change. */
export type WebhookEndpointPatch = Partial<
  Pick<
    StoredWebhookEndpoint,
    'url' | 'eventTypes' | 'description' | 'enabled' | 'secrets' | 'consecutiveFailures'
  > & { disabledReason: string | null }
>;

/**
 * Where outgoing-webhook endpoints live (memory, or SQL through TypeORM:
 * `herald_webhook_endpoints`). Inputs are validated by
 * `WebhookEndpointsService` before they reach a store.
 */
export interface WebhookEndpointStore {
  create(endpoint: StoredWebhookEndpoint): Promise<StoredWebhookEndpoint>;
  get(id: string): Promise<StoredWebhookEndpoint | undefined>;
  /** Oldest first. */
  list(filter?: WebhookEndpointFilter): Promise<StoredWebhookEndpoint[]>;
  /** Enabled endpoints of these owners, oldest first. */
  listEnabled(owners: readonly string[]): Promise<StoredWebhookEndpoint[]>;
  update(id: string, patch: WebhookEndpointPatch): Promise<StoredWebhookEndpoint | undefined>;
  delete(id: string): Promise<boolean>;
  /**
   * Counts one more failure in a row of an enabled endpoint and disables it
   * (with `reason`) when the count reaches `threshold`, in one step.
   * `disabled` is true only for the call that disabled it.
   */
  recordFailure(
    id: string,
    threshold: number,
    reason: string,
  ): Promise<{ endpoint: StoredWebhookEndpoint; disabled: boolean } | undefined>;
  /** Resets the failure count after a success. */
  recordSuccess(id: string): Promise<void>;
}
