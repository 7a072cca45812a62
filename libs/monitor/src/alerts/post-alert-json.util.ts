import { REDACTED, redactText, secretRedactor } from '@herald/contracts/internal';
import { MonitoringError } from '../errors/index.js';

/** What went wrong in fetch, as its root cause says it (`ECONNREFUSED 127.0.0.1:9093`, a timeout). */
function fetchFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const root = cause?.message ?? (error as Error)?.message ?? String(error);
  return cause?.code && !root.includes(cause.code) ? `${cause.code}: ${root}` : root;
}

/** A scrubber of every given secret (webhook URLs: their path and query too; keys). */
export function alertSecretScrubber(
  ...secrets: Array<string | undefined>
): (text: string) => string {
  const parts = new Set<string>();
  for (const secret of secrets) {
    if (!secret || secret.length < 3) continue;
    parts.add(secret);
    try {
      const url = new URL(secret);
      for (const segment of url.pathname.split('/')) if (segment.length >= 16) parts.add(segment);
      if (url.search.length > 1) parts.add(url.search.slice(1));
    } catch {
      // a key, not a URL
    }
  }
  const ordered = [...parts].sort((a, b) => b.length - a.length);
  const byUrl = secretRedactor(...secrets);
  return (text) => redactText(byUrl(ordered.reduce((t, s) => t.split(s).join(REDACTED), text)));
}

/**
 * POSTs `body` as JSON to `url` and throws a `MonitoringError` naming
 * `service` (never the URL: webhook URLs are secrets) when it is unreachable
 * or answers other than 2xx. Resolves the answer's text.
 */
export async function postAlertJson(
  service: string,
  url: string,
  body: unknown,
  options: { timeoutMs: number; scrub: (text: string) => string; code: string },
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new MonitoringError(
      `${service} is unreachable: ${options.scrub(fetchFailure(error))}. Check its URL.`,
      { code: `${options.code}_UNREACHABLE` },
    );
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const retryAfter = response.headers.get('retry-after');
    throw new MonitoringError(
      `${service} refused the alert: HTTP ${response.status} ${options.scrub(text.slice(0, 300))}` +
        `${retryAfter ? ` (retry after ${retryAfter} s)` : ''}`,
      { code: `${options.code}_REFUSED` },
    );
  }
  return text;
}
