/**
 * Masks a recipient (phone number, email address, device token, Web Push
 * subscription) for logs and span attributes: enough to tell two apart, not
 * enough to contact anyone.
 *
 * @example maskRecipient('+15005550006') // '+1******0006'
 * @example maskRecipient('jane.doe@example.com') // 'j***@example.com'
 */
export function maskRecipient(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '***';
  const text = value.trim();
  if (text.startsWith('{')) return maskSubscription(text);
  const at = text.lastIndexOf('@');
  if (at > 0) return `${text[0]}***${text.slice(at)}`;
  if (/^\+?[\d\s().-]{6,}$/.test(text)) {
    const digits = text.replace(/[^\d+]/g, '');
    const keep = digits.startsWith('+') ? digits.slice(0, 2) : '';
    const tail = digits.slice(-4);
    return `${keep}${'*'.repeat(Math.max(3, digits.length - keep.length - 4))}${tail}`;
  }
  if (text.length <= 8) return '***';
  return `${text.slice(0, 4)}…${text.slice(-4)}`;
}

function maskSubscription(text: string): string {
  try {
    const { endpoint } = JSON.parse(text) as { endpoint?: string };
    const url = new URL(String(endpoint));
    return `${url.origin}/…${url.pathname.slice(-4)}`;
  } catch {
    return '***';
  }
}

/** Masks every recipient of a list, e.g. the `to` of an email. */
export function maskRecipients(values: readonly string[]): string {
  return values.map(maskRecipient).join(', ');
}
