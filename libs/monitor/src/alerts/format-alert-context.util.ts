import { isSecretKey, REDACTED } from '@herald/contracts/internal';

const BARE = /^[A-Za-z0-9_.:/@+-]+$/;

function formatValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean' || value === null
        ? String(value)
        : JSON.stringify(value);
  return text !== undefined && BARE.test(text) ? text : JSON.stringify(text ?? '');
}

/**
 * `key=value` pairs separated by spaces (logfmt), values quoted when they hold
 * spaces or quotes, secret-looking keys redacted, undefined values left out.
 *
 * @example formatAlertContext({ title: 'Disk full', host: 'db1' }) // 'title="Disk full" host=db1'
 */
export function formatAlertContext(context: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(context)) {
    if (value === undefined) continue;
    parts.push(`${key}=${isSecretKey(key) ? REDACTED : formatValue(value)}`);
  }
  return parts.join(' ');
}
