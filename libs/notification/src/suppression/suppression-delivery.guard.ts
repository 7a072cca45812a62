import type { MailAddress, MailMessage } from '@herald/contracts';
import type {
  DeliveryGuard,
  DeliveryGuardItem,
  DeliveryGuardVerdict,
} from '../delivery/reliable/delivery-guard.js';
import { SEND } from '../delivery/reliable/delivery-guard.js';
import type { SuppressionChannel, SuppressionEntry } from './suppression-entry.js';
import {
  suppressedReason,
  type SuppressionCheck,
  type SuppressionService,
} from './suppression.service.js';

const addressOf = (a: MailAddress): string => (typeof a === 'string' ? a : a.address);

/** The category of a direct send: the notification's, or the message's `metadata.category`. */
export function categoryOf(item: DeliveryGuardItem): string | undefined {
  const metadata = (item.message as { metadata?: Record<string, string> } | null)?.metadata;
  return item.meta?.category ?? metadata?.category ?? undefined;
}

/** The suppression-list channel and addresses of a delivery (`mail` records are `mail` entries). */
function targetsOf(
  item: DeliveryGuardItem,
): { channel: SuppressionChannel; addresses: string[] } | undefined {
  const m = item.message as Record<string, unknown> | null;
  if (!m) return undefined;
  if (item.channel === 'sms' && typeof m.to === 'string')
    return { channel: 'sms', addresses: [m.to] };
  if (item.channel === 'push' && typeof m.token === 'string')
    return { channel: 'push', addresses: [m.token] };
  if (item.channel === 'mail') {
    const mail = m as unknown as MailMessage;
    const all = [...(mail.to ?? []), ...(mail.cc ?? []), ...(mail.bcc ?? [])].map(addressOf);
    return { channel: 'mail', addresses: all };
  }
  return undefined;
}

/**
 * The suppression list in reliable delivery: every SMS, push and mail send
 * (direct or from the notifier) is checked first, all of a batch in one
 * query; addresses the notifier's gates checked for the same send
 * (`screened`) are not looked up twice. A suppressed SMS or push is not sent; a mail drops its suppressed
 * `to`/`cc`/`bcc` addresses and is not sent when no `to` is left.
 */
export class SuppressionDeliveryGuard implements DeliveryGuard {
  constructor(private readonly suppressions: SuppressionService) {}

  async screen(items: readonly DeliveryGuardItem[]): Promise<DeliveryGuardVerdict[]> {
    const checks: SuppressionCheck[] = [];
    const spans: Array<{ start: number; count: number } | undefined> = items.map((item) => {
      const targets = targetsOf(item);
      if (!targets) return undefined;
      const start = checks.length;
      const category = categoryOf(item) ?? null;
      for (const address of targets.addresses)
        if (!item.screened?.includes(address))
          checks.push({ channel: targets.channel, address, category });
      return { start, count: checks.length - start };
    });
    if (checks.length === 0) return items.map(() => SEND);
    const found = await this.suppressions.checkMany(checks);
    return items.map((item, i) => {
      const span = spans[i];
      if (!span || span.count === 0) return SEND;
      const looked = found.slice(span.start, span.start + span.count);
      const first = looked.find((e): e is SuppressionEntry => e !== undefined);
      if (!first) return SEND;
      if (item.channel !== 'mail') return { action: 'suppress', reason: suppressedReason(first) };
      // screened addresses passed the list already: no hit
      let at = 0;
      const hits = targetsOf(item)!.addresses.map((address) =>
        item.screened?.includes(address) ? undefined : looked[at++],
      );
      return this.trimMail(item.message as MailMessage, hits, first);
    });
  }

  private trimMail(
    mail: MailMessage,
    hits: Array<SuppressionEntry | undefined>,
    first: SuppressionEntry,
  ): DeliveryGuardVerdict {
    let at = 0;
    const keep = (list: MailAddress[] | undefined) => list?.filter(() => hits[at++] === undefined);
    const to = keep(mail.to) ?? [];
    const cc = keep(mail.cc);
    const bcc = keep(mail.bcc);
    if (to.length === 0) return { action: 'suppress', reason: suppressedReason(first) };
    return { action: 'send', message: { ...mail, to, cc, bcc } };
  }
}
