import type { MailAddress, MailMessage } from '@herald/contracts';
import type {
  DeliveryGuard,
  DeliveryGuardItem,
  DeliveryGuardVerdict,
} from '../../delivery/reliable/delivery-guard.js';
import { SEND } from '../../delivery/reliable/delivery-guard.js';
import { tryNormalizeAddress } from '../normalize-address.util.js';
import { categoryOf } from '../suppression-delivery.guard.js';
import type { ResolvedUnsubscribeOptions } from './unsubscribe-options.interface.js';
import { signUnsubscribeToken } from './unsubscribe-token.util.js';

const addressOf = (a: MailAddress): string => (typeof a === 'string' ? a : a.address);

/**
 * Adds RFC 8058 one-click unsubscribe headers to non-transactional mail:
 * `List-Unsubscribe: <url?token=...>` with a signed, expiring token for the
 * recipient and the mail's category, and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. Only mail with one
 * `to` address and no `cc` gets them (the token is per recipient), and only
 * when the message does not carry its own `List-Unsubscribe`.
 */
export class UnsubscribeHeadersGuard implements DeliveryGuard {
  private readonly transactional: ReadonlySet<string>;

  constructor(
    private readonly options: ResolvedUnsubscribeOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.transactional = new Set(options.transactionalCategories);
  }

  async screen(items: readonly DeliveryGuardItem[]): Promise<DeliveryGuardVerdict[]> {
    return items.map((item) => this.headersFor(item));
  }

  /** The `List-Unsubscribe` URL for `address` and `category`. */
  urlFor(address: string, category: string | null): string {
    const token = signUnsubscribeToken(this.options.secret, {
      address,
      category,
      expiresAt: Math.floor(this.now() / 1000) + this.options.ttlSeconds,
    });
    const url = new URL(this.options.url);
    url.searchParams.set('token', token);
    return url.toString();
  }

  private headersFor(item: DeliveryGuardItem): DeliveryGuardVerdict {
    if (item.channel !== 'mail') return SEND;
    const category = categoryOf(item);
    if (!category || this.transactional.has(category)) return SEND;
    const mail = item.message as MailMessage;
    if (mail.to?.length !== 1 || (mail.cc?.length ?? 0) > 0) return SEND;
    const headers = mail.headers ?? {};
    if (Object.keys(headers).some((name) => name.toLowerCase() === 'list-unsubscribe')) return SEND;
    const address = tryNormalizeAddress('mail', addressOf(mail.to[0]));
    if (!address) return SEND;
    return {
      action: 'send',
      message: {
        ...mail,
        headers: {
          ...headers,
          'List-Unsubscribe': `<${this.urlFor(address, category)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    };
  }
}
