import type { InboxMessage } from '../interfaces/inbox-store.protocol.js';

/** Fired by `InboxService.send()` after the message is stored; payload: the stored `InboxMessage`. */
export const INBOX_SENT_HOOK = 'notification.inbox.sent';
/** Fired for every dispatched alert; payload `AlertFiredEvent`. */
export const ALERT_FIRED_EVENT = 'monitor.alert.fired';
/** Fired after each health check run; payload `HealthProbeCompletedEvent`. */
export const HEALTH_PROBE_COMPLETED_EVENT = 'monitor.health.probe.completed';
/** Fired for recorded metrics when somebody listens; payload `MetricRecordedEvent`. */
export const METRIC_RECORDED_EVENT = 'monitor.metric.recorded';

/** Fired when a push token is taken out of the device-token registry; payload `DeviceTokenRemovedEvent`. */
export const DEVICE_TOKEN_REMOVED_EVENT = 'notification.device-token.removed';

/**
 * Fired when an outgoing-webhook endpoint is disabled because its deliveries
 * failed `failureThreshold` times in a row; payload `WebhookEndpointDisabledEvent`.
 */
export const WEBHOOK_ENDPOINT_DISABLED_EVENT = 'notification.webhook.endpoint_disabled';

export type InboxSentEvent = InboxMessage;

export interface WebhookEndpointDisabledEvent {
  /** The endpoint's id (`ep_…`). */
  endpointId: string;
  /** The user or tenant id the endpoint belongs to. */
  owner: string;
  /** The endpoint URL with credentials and secret-looking query values redacted. */
  url: string;
  /** Deliveries that failed in a row. */
  consecutiveFailures: number;
  /** The last failure, secrets redacted. */
  reason: string;
}

export interface DeviceTokenRemovedEvent {
  /** The device token (FCM registration token, APNs device token, Web Push subscription JSON). */
  token: string;
  userId: string;
  platform: string;
  app?: string;
  /** Why: the provider's answer (`UNREGISTERED`, `BadDeviceToken`, `HTTP 410`) or `unregistered`. */
  reason: string;
  /** `dead`: the provider declared it gone; `unregistered`: the app removed it. */
  cause: 'dead' | 'unregistered';
}

export interface AlertFiredEvent {
  alertName: string;
  severity: string;
}

export interface HealthProbeCompletedEvent {
  checkName: string;
  healthy: boolean;
}

export interface MetricRecordedEvent {
  metricName: string;
  value: number;
}
