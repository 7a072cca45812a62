import type { RecipientLike } from './recipient.interface.js';

/**
 * A recipient that is only addresses, no user (Laravel's
 * `Notification::route()`): `Notifier.route('mail', 'ops@example.com').route('sms', '+15551234567')`.
 * Each route is the address for that channel (`push`: a device token sent
 * through the primary push backend; a custom channel: what it expects).
 */
export class OnDemandRecipient implements RecipientLike {
  readonly routes: Record<string, string> = {};
  locale?: string;
  timeZone?: string;

  /** Adds (or replaces) the address for `channel`. */
  route(channel: string, address: string): this {
    this.routes[channel] = address;
    return this;
  }

  /** The language to render in (BCP 47: `de`, `pt-BR`). @default the templates' default locale */
  withLocale(locale: string): this {
    this.locale = locale;
    return this;
  }

  /** The IANA time zone of dates in the message (`Europe/Berlin`). */
  withTimeZone(timeZone: string): this {
    this.timeZone = timeZone;
    return this;
  }
}
