import { NotifyArgumentError } from '../errors/notify-argument.error.js';
import type { WebhookContent } from './webhook-delivery.js';

const EVENT_TYPE = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
/** A payload above this many bytes of JSON is refused before any record is written. */
export const MAX_WEBHOOK_PAYLOAD_BYTES = 256 * 1024;

/** What `toWebhook()` returned, checked: `{ eventType, payload }` with a JSON object payload. */
export function webhookContent(rendered: unknown, notificationType: string): WebhookContent {
  const field = `${notificationType}.toWebhook()`;
  const content = rendered as Partial<WebhookContent> | null;
  if (!content || typeof content !== 'object' || Array.isArray(content))
    throw new NotifyArgumentError(
      field,
      `must return { eventType, payload } (got ${NotifyArgumentError.describe(rendered)})`,
    );
  if (typeof content.eventType !== 'string' || !EVENT_TYPE.test(content.eventType))
    throw new NotifyArgumentError(
      `${field}.eventType`,
      `must be letters, digits, "_", ".", ":" or "-", at most 128 characters, starting with a letter or digit (got ${NotifyArgumentError.describe(content.eventType)})`,
    );
  const { payload } = content;
  if (!payload || typeof payload !== 'object' || Array.isArray(payload))
    throw new NotifyArgumentError(
      `${field}.payload`,
      `must be a JSON object (got ${NotifyArgumentError.describe(payload)})`,
    );
  let json: string;
  try {
    json = JSON.stringify(payload);
  } catch (error) {
    throw new NotifyArgumentError(
      `${field}.payload`,
      `must be JSON-serialisable (${(error as Error)?.message ?? 'JSON.stringify failed'})`,
    );
  }
  if (Buffer.byteLength(json) > MAX_WEBHOOK_PAYLOAD_BYTES)
    throw new NotifyArgumentError(
      `${field}.payload`,
      `must be at most ${MAX_WEBHOOK_PAYLOAD_BYTES} bytes of JSON (got ${Buffer.byteLength(json)})`,
    );
  return { eventType: content.eventType, payload: JSON.parse(json) as Record<string, unknown> };
}
