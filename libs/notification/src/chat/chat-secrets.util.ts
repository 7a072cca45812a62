import { REDACTED, secretRedactor } from '@herald/contracts/internal';
import { DeliveryError } from '../errors/delivery.error.js';

/**
 * A scrubber for a chat backend's secrets: webhook URLs carry their token in
 * the path (Slack `/services/T/B/XXXX`, Discord `/webhooks/id/token`), the
 * Telegram bot token sits in the path too, Teams puts `sig=` in the query.
 */
export function chatSecretScrubber(
  ...secrets: Array<string | undefined>
): (text: string) => string {
  const parts = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    parts.add(secret);
    try {
      const url = new URL(secret);
      for (const segment of url.pathname.split('/')) if (segment.length >= 16) parts.add(segment);
      if (url.search) parts.add(url.search.slice(1));
    } catch {
      // not a URL: a token, already added whole
    }
  }
  const ordered = [...parts].sort((a, b) => b.length - a.length);
  const urls = secretRedactor(...secrets);
  return (text: string) => {
    let out = String(text);
    for (const part of ordered) out = out.split(part).join(REDACTED);
    return urls(out);
  };
}

/** The same failure with its message scrubbed of the backend's secrets. */
export function scrubbedError(error: unknown, scrub: (text: string) => string): unknown {
  if (!(error instanceof DeliveryError)) return error;
  const message = scrub(error.message);
  if (message === error.message) return error;
  return new DeliveryError(message, {
    reason: error.reason,
    channel: error.channel,
    backend: error.backend,
    statusCode: error.statusCode,
    providerCode: error.providerCode,
    retryAfterMs: error.retryAfterMs,
  });
}
