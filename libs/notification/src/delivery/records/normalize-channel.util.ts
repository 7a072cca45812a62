/**
 * E-mail's one channel name in everything Herald outputs (delivery records, metrics,
 * `DeliveryUpdatedEvent.channel`, `via()`, preferences): `mail`. Releases before 0.2
 * wrote `email` in delivery records; that spelling is still accepted wherever a channel
 * comes in (a query, a registration, a queued job, provider feedback) and read as `mail`.
 */
export const MAIL_CHANNEL = 'mail' as const;

/** `channel` with the input alias `email` read as `mail`; any other value unchanged. */
export function normalizeChannel<T extends string | undefined>(
  channel: T,
): Exclude<T, 'email'> | ('email' extends T ? typeof MAIL_CHANNEL : never) {
  return (channel === 'email' ? MAIL_CHANNEL : channel) as Exclude<T, 'email'>;
}
