import type { Notification, RenderContext } from '../notification.js';

const BUILT_IN_METHODS: Readonly<Record<string, string>> = {
  sms: 'toSms',
  push: 'toPush',
  mail: 'toMail',
  inbox: 'toInbox',
  webhook: 'toWebhook',
  // the channel Herald ships (TwilioWhatsAppChannel) is spelled as the brand is
  whatsapp: 'toWhatsApp',
};

/** `toSms`, `toPush`, `toMail`, `toInbox`; `to<Name>` for a custom channel (`web-hook` → `toWebHook`). */
export function renderMethodName(channel: string): string {
  return (
    BUILT_IN_METHODS[channel] ??
    `to${channel
      .split(/[-_]/)
      .filter(Boolean)
      .map((part) => part[0].toUpperCase() + part.slice(1))
      .join('')}`
  );
}

/** A function rendering `channel` for a recipient, or `undefined` when the notification cannot. */
export function renderFunction(
  notification: Notification<any>,
  channel: string,
): ((recipient: unknown, context: RenderContext) => unknown) | undefined {
  const own = (notification as unknown as Record<string, unknown>)[renderMethodName(channel)];
  if (typeof own === 'function')
    return (recipient, context) => own.call(notification, recipient, context);
  const any = (notification as unknown as Record<string, unknown>).toChannel;
  if (typeof any === 'function')
    return (recipient, context) => any.call(notification, channel, recipient, context);
  return undefined;
}
