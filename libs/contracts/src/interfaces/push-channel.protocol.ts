/** One push notification to one device token. */
export interface PushMessage {
  /** Device token (FCM registration token, APNs device token) or, for Web Push, the JSON subscription. */
  token: string;
  title?: string;
  body?: string;
  /** String key-value payload delivered to the app. */
  data?: Record<string, string>;
  badge?: number;
  sound?: string;
  /** Seconds the provider keeps the message while the device is offline. */
  ttlSeconds?: number;
  priority?: 'high' | 'normal';
  /** Messages with the same key replace each other on the device. */
  collapseKey?: string;
  idempotencyKey?: string;
}

/** Outcome for one token. `dead: true` means the provider declared the token gone: prune it. */
export interface PushSendResult {
  token: string;
  success: boolean;
  messageId?: string;
  dead?: boolean;
  /** Present when `success` is false. */
  error?: { message: string; code?: string; permanent: boolean; retryAfterMs?: number };
  backend: string;
}

/** A push backend (bound under `PUSH_CHANNEL` or `getPushChannelToken(name)`); every driver supports `sendBatch`. */
export interface PushChannelProtocol {
  readonly name: string;
  /** Sends one message; rejects with a `DeliveryError` on failure. */
  send(message: PushMessage): Promise<PushSendResult>;
  /** Sends many; never rejects for per-token failures, which are reported in the results (same order). */
  sendBatch(messages: PushMessage[]): Promise<PushSendResult[]>;
}
