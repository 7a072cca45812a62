/** One signing secret of an endpoint: `whsec_<base64>`, and when it stops being used (rotation). */
export interface WebhookSecret {
  secret: string;
  /** After this instant the secret no longer signs (the old secret of a rotation); absent: current. */
  expiresAt?: Date;
}

/**
 * An outgoing-webhook endpoint as the application sees it: never its secrets
 * (`register()` and `rotateSecret()` answer the new one once).
 */
export interface WebhookEndpoint {
  /** `ep_` and 24 hex digits. */
  id: string;
  /** The user or tenant id the endpoint belongs to (the `webhook` route of a recipient). */
  owner: string;
  url: string;
  /** Event types it receives; empty: every event type. */
  eventTypes: string[];
  description?: string;
  enabled: boolean;
  /** Why it was disabled (`manual`, or the failures that disabled it). */
  disabledReason?: string;
  /** Deliveries that failed in a row since the last success. */
  consecutiveFailures: number;
  /** How many secrets sign its requests now (2 while a rotation's old secret is still valid). */
  activeSecrets: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What the stores keep: the endpoint and its secrets, newest first. */
export interface StoredWebhookEndpoint extends Omit<WebhookEndpoint, 'activeSecrets'> {
  secrets: WebhookSecret[];
}

/** `WebhookEndpointsService.register()` input. */
export interface WebhookEndpointRegistration {
  owner: string;
  url: string;
  /** @default [] (every event type) */
  eventTypes?: string[];
  /** A `whsec_<base64>` secret of 24 to 64 bytes. @default a new random 32-byte secret */
  secret?: string;
  description?: string;
}

/** What `register()` and `rotateSecret()` answer: the endpoint and its new secret, shown this once. */
export interface WebhookEndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

/** `WebhookEndpointsService.list()` filter. */
export interface WebhookEndpointFilter {
  owner?: string;
  enabled?: boolean;
}

/** The endpoint without its secrets. */
export function publicEndpoint(stored: StoredWebhookEndpoint, now = Date.now()): WebhookEndpoint {
  const { secrets, ...rest } = stored;
  return { ...rest, activeSecrets: activeSecrets(secrets, now).length };
}

/** The secrets that sign at `now`, newest first. */
export function activeSecrets(
  secrets: readonly WebhookSecret[],
  now = Date.now(),
): WebhookSecret[] {
  return secrets.filter((s) => s.expiresAt === undefined || s.expiresAt.getTime() > now);
}
