import { OnDemandRecipient } from './recipients/on-demand-recipient.js';

/**
 * Entry points that need no injection.
 *
 * @example await notifier.notify(Notifier.route('mail', 'ops@example.com').route('sms', '+15551234567'), new DiskFull())
 */
export class Notifier {
  /** A recipient with only an address for `channel` (chain `.route()` for more channels). */
  static route(channel: string, address: string): OnDemandRecipient {
    return new OnDemandRecipient().route(channel, address);
  }
}
