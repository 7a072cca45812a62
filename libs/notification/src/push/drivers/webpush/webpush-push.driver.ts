import type { PushMessage, WebPushDriverConfig } from '@herald/contracts';
import { requireOptional } from '@herald/contracts/internal';
import { DeliveryError } from '../../../errors/delivery.error.js';
import {
  HttpClient,
  httpDeliveryError,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import type { PushDriverResult, PushProviderDriver } from '../../push-driver.interface.js';

type WebPushLib = typeof import('web-push');

/** A Web Push subscription, as `PushSubscription.toJSON()` gives it in the browser. */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Web Push (RFC 8030) with `aes128gcm` payload encryption (RFC 8291) and VAPID
 * (RFC 8292). The `web-push` package (optional peer dependency) encrypts and
 * signs; the request goes through Herald's own client so failures map to
 * `DeliveryError` like every other driver. The message `token` is the JSON
 * subscription; 404 and 410 mean the subscription is gone (dead token).
 */
export class WebPushDriver implements PushProviderDriver {
  readonly driver = 'webpush';
  readonly batchConcurrency = 64;
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly lib: WebPushLib;

  constructor(
    backend: string,
    private readonly config: WebPushDriverConfig,
  ) {
    this.context = { channel: 'push', backend, provider: 'Web Push' };
    this.http = new HttpClient(this.context);
    this.lib = requireOptional<WebPushLib>('web-push', 'The webpush push driver'); // fails at bootstrap when missing
  }

  async send(
    message: PushMessage,
    traceHeaders: Record<string, string>,
  ): Promise<PushDriverResult> {
    const subscription = parseSubscription(message.token, this.context.backend);
    const payload = JSON.stringify({
      title: message.title,
      body: message.body,
      data: message.data,
      badge: message.badge,
      sound: message.sound,
    });
    let details: ReturnType<WebPushLib['generateRequestDetails']>;
    try {
      details = this.lib.generateRequestDetails(subscription, payload, {
        vapidDetails: {
          subject: this.config.subject,
          publicKey: this.config.vapidPublicKey,
          privateKey: this.config.vapidPrivateKey,
        },
        TTL: message.ttlSeconds ?? 2419200,
        contentEncoding: 'aes128gcm',
        urgency: message.priority === 'high' ? 'high' : 'normal',
        ...(message.collapseKey ? { topic: topicOf(message.collapseKey) } : {}),
      });
    } catch (error) {
      throw new DeliveryError(
        `push backend "${this.context.backend}": cannot encrypt for this subscription: ${(error as Error).message}`,
        {
          reason: 'bad_request',
          channel: 'push',
          backend: this.context.backend,
          cause: error,
        },
      );
    }
    const response = await this.http.request(details.endpoint, {
      method: details.method,
      headers: {
        ...traceHeaders,
        ...(message.idempotencyKey ? { 'idempotency-key': message.idempotencyKey } : {}),
        ...(details.headers as Record<string, string | number>),
      },
      body: details.body ?? undefined,
      timeoutMs: this.config.timeout * 1000,
    });
    if (response.status >= 200 && response.status < 300) {
      const location = response.headers.location;
      return { messageId: Array.isArray(location) ? location[0] : location };
    }
    throw httpDeliveryError(this.context, response, {
      message: response.body.slice(0, 200) || undefined,
      reason: response.status === 404 || response.status === 410 ? 'dead_token' : undefined,
    });
  }

  close(): void {
    this.http.close();
  }
}

function parseSubscription(token: string, backend: string): WebPushSubscription {
  let sub: Partial<WebPushSubscription> | undefined;
  try {
    sub = JSON.parse(token);
  } catch {
    sub = undefined;
  }
  if (
    !sub ||
    typeof sub.endpoint !== 'string' ||
    !/^https?:\/\//.test(sub.endpoint) ||
    !sub.keys?.p256dh ||
    !sub.keys?.auth
  ) {
    throw new DeliveryError(
      `push backend "${backend}": a webpush token must be the JSON subscription { endpoint, keys: { p256dh, auth } } from PushSubscription.toJSON()`,
      { reason: 'invalid_recipient', channel: 'push', backend },
    );
  }
  return sub as WebPushSubscription;
}

/** RFC 8030 topics are at most 32 URL-safe base64 characters. */
function topicOf(key: string): string {
  const clean = key.replace(/[^A-Za-z0-9_-]/g, '');
  return clean.slice(0, 32) || 'herald';
}
