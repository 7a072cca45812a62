import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';
import type { MetricsCollectorProtocol, TracerProtocol } from '@herald/contracts';
import {
  DeliveryError,
  parseRetryAfter,
  type DeliveryFailureReason,
} from '../../errors/delivery.error.js';
import { deliveryIdFor } from '../../delivery/reliable/channel-adapters.js';
import type { DeliveryBackend } from '../../delivery/reliable/delivery-engine.js';
import { DeliveryTelemetry } from '../../utils/delivery-telemetry.js';
import { RequestDeadlines, type RequestDeadline } from '../../utils/request-deadlines.util.js';
import { transportError, type DeliveryContext } from '../../utils/http-client.util.js';
import { activeSecrets } from './webhook-endpoint.js';
import type { WebhookDeliveryMessage, WebhookSendResult } from './webhook-delivery.js';
import type { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { signWebhook, webhookSecretKey } from './webhook-signature.util.js';
import { guardedLookup } from './webhook-url.util.js';

/** An answer longer than this is cut off (its body is never used). */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** `Retry-After` above this is read as this: an endpoint cannot park a delivery for hours. */
export const MAX_WEBHOOK_RETRY_AFTER_MS = 60_000;
const CONTEXT: DeliveryContext = {
  channel: 'webhook',
  backend: 'webhook',
  provider: 'Webhook endpoint',
};

interface Answer {
  status: number;
  retryAfter?: string;
}

const capped = (ms: number | undefined): number | undefined =>
  ms === undefined ? undefined : Math.min(ms, MAX_WEBHOOK_RETRY_AFTER_MS);

function reasonFor(status: number): DeliveryFailureReason {
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'provider_unavailable';
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 413) return 'payload_too_large';
  return 'bad_request'; // other 4xx, and 3xx: redirects are not followed
}

/**
 * The `webhook` delivery backend: posts one event to one endpoint the
 * Standard Webhooks way. The body is `{ type, timestamp, data }`; headers
 * `webhook-id` (the delivery id, the same on every retry), `webhook-timestamp`
 * (seconds, per attempt) and `webhook-signature` (`v1,<base64 HMAC-SHA256>`
 * per active secret). 2xx is success; 408, 429 and 5xx are retried
 * (honouring `Retry-After`, at most 60 s), as are timeouts and connection failures; any
 * other status fails at once. Redirects are not followed. Unless
 * `allowPrivateTargets`, a host resolving to a private address is refused
 * when connecting. The endpoint is read at each attempt, so a rotated secret
 * or a disabled endpoint takes effect at once.
 */
export class WebhookSender implements DeliveryBackend<WebhookDeliveryMessage, WebhookSendResult> {
  readonly name = 'webhook';
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly telemetry: DeliveryTelemetry;
  private readonly deadlines = new RequestDeadlines();

  constructor(
    private readonly endpoints: WebhookEndpointsService,
    tracer?: TracerProtocol,
    metrics?: MetricsCollectorProtocol,
  ) {
    this.telemetry = new DeliveryTelemetry(tracer, metrics);
  }

  /** One circuit breaker per endpoint: a failing endpoint never holds back the others. */
  breakerKeyOf(message: WebhookDeliveryMessage): string {
    return `webhook:${message.endpointId}`;
  }

  async send(message: WebhookDeliveryMessage): Promise<WebhookSendResult> {
    const endpoint = await this.endpoints.store.get(message.endpointId);
    if (!endpoint || !endpoint.enabled) {
      throw new DeliveryError(
        `webhook endpoint "${message.endpointId}" ${endpoint ? `is disabled (${endpoint.disabledReason ?? 'manual'})` : 'no longer exists'}`,
        { reason: 'invalid_recipient', channel: 'webhook', backend: this.name },
      );
    }
    const id = message.idempotencyKey
      ? deliveryIdFor('webhook', message.idempotencyKey)
      : `msg_${randomUUID()}`;
    return this.telemetry.trace(
      {
        channel: 'webhook',
        backend: this.name,
        driver: 'standard-webhooks',
        recipient: endpoint.id,
        messageType: message.eventType,
      },
      async (_span, traceHeaders) => {
        const now = Date.now();
        const timestamp = Math.floor(now / 1000);
        const body = JSON.stringify({
          type: message.eventType,
          timestamp: new Date(now).toISOString(),
          data: message.payload,
        });
        const keys = activeSecrets(endpoint.secrets, now).map((s) => webhookSecretKey(s.secret));
        const answer = await this.post(endpoint.url, body, {
          ...traceHeaders,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Herald-Webhooks/1',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(keys, id, timestamp, body),
        });
        if (answer.status >= 200 && answer.status < 300)
          return { messageId: id, endpointId: endpoint.id, statusCode: answer.status };
        throw new DeliveryError(
          `webhook endpoint "${endpoint.id}" answered HTTP ${answer.status}${answer.status < 400 ? ' (redirects are not followed)' : ''}`,
          {
            reason: reasonFor(answer.status),
            channel: 'webhook',
            backend: this.name,
            statusCode: answer.status,
            retryAfterMs: capped(parseRetryAfter(answer.retryAfter)),
          },
        );
      },
    );
  }

  /** Closes idle keep-alive sockets. */
  close(): void {
    this.deadlines.close();
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private post(
    url: string,
    body: string,
    headers: Record<string, string | number>,
  ): Promise<Answer> {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const { timeoutMs, allowPrivateTargets } = this.endpoints.options;
    const options: https.RequestOptions = {
      method: 'POST',
      headers,
      agent: secure ? this.httpsAgent : this.httpAgent,
    };
    if (!allowPrivateTargets) options.lookup = guardedLookup;
    return new Promise((resolve, reject) => {
      let deadline: RequestDeadline | undefined;
      const req = (secure ? https.request : http.request)(target, options, (res) => {
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          kept += chunk.length;
          if (kept > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('error', () => undefined);
        const done = () => {
          if (deadline) this.deadlines.clear(deadline);
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter });
        };
        res.on('end', done);
        res.on('close', done);
      });
      // the whole exchange's limit, on the sender's one timer (see RequestDeadlines)
      if (timeoutMs > 0)
        deadline = this.deadlines.add(timeoutMs, () =>
          req.destroy(
            new DeliveryError(`webhook endpoint did not answer within ${timeoutMs} ms`, {
              reason: 'timeout',
              channel: 'webhook',
              backend: this.name,
            }),
          ),
        );
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (deadline) this.deadlines.clear(deadline);
        if (error?.code === 'EHERALD_PRIVATE_TARGET')
          return reject(
            new DeliveryError(`webhook endpoint refused: ${error.message}`, {
              reason: 'forbidden',
              channel: 'webhook',
              backend: this.name,
            }),
          );
        // the URL never reaches the message: only the socket error and its code
        reject(transportError(CONTEXT, error, () => 'the request failed'));
      });
      req.end(body);
    });
  }
}
