import type { RecipientLike, RecipientProfile } from './recipient.interface.js';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined;

/**
 * The fields the notifier routes by, read from a user object: `id` (or
 * `userId`), `email`, `name`, `phone` (or `phoneNumber`), `chatId`, `locale`,
 * `timeZone` (or `timezone`), `routes`. Only set fields are copied.
 */
export function recipientProfile(target: RecipientLike | object): RecipientProfile {
  const recipient = target as RecipientLike & Record<string, unknown>;
  const profile: RecipientProfile = {};
  const id = text(recipient.id) ?? text(recipient.userId);
  if (id !== undefined) profile.id = id;
  const email = text(recipient.email);
  if (email !== undefined) profile.email = email;
  const name = text(recipient.name);
  if (name !== undefined) profile.name = name;
  const phone = text(recipient.phone) ?? text(recipient.phoneNumber);
  if (phone !== undefined) profile.phone = phone;
  const chat = text(recipient.chatId);
  if (chat !== undefined) profile.chat = chat;
  const locale = text(recipient.locale);
  if (locale !== undefined) profile.locale = locale;
  const timeZone = text(recipient.timeZone) ?? text(recipient.timezone);
  if (timeZone !== undefined) profile.timeZone = timeZone;
  const routes = recipient.routes;
  if (routes && typeof routes === 'object') {
    const kept = Object.entries(routes).filter(([, v]) => text(v) !== undefined);
    if (kept.length > 0) profile.routes = Object.fromEntries(kept) as Record<string, string>;
  }
  return profile;
}
