import type {
  ChatMessage,
  InboxAction,
  InboxSeverity,
  MailAddress,
  MailMessage,
  PushMessage,
} from '@herald/contracts';
import type { Mailable } from '../mailer/mailable.js';
import type { WebhookContent } from './webhooks/webhook-delivery.js';
import type { RecipientLike, RecipientProfile } from './recipients/recipient.interface.js';
import type { DigestRule, EscalationStep, ThrottleRule } from './timing/timing-rules.js';

/** The built-in channels; a custom channel is any other registered name. */
export type BuiltInChannel = 'sms' | 'push' | 'mail' | 'chat' | 'inbox' | 'webhook';
/** What `via()` returns: built-in channel names and names of registered custom channels. */
export type ChannelName = BuiltInChannel | (string & {});

/** What `toSms()` returns: the text, or the text and a sender. */
export type SmsContent = string | { body: string; from?: string };
/** What `toPush()` returns: a push message without the token (the notifier adds each device's). */
export type PushContent = Omit<PushMessage, 'token' | 'idempotencyKey'>;
/** What `toMail()` may return besides a `Mailable`: a message whose `to` defaults to the recipient. */
export type MailContent = Omit<MailMessage, 'to' | 'idempotencyKey'> & { to?: MailAddress[] };
/** What `toChat()` returns: the text, or a message without `to` (the notifier adds the recipient's chat address). */
export type ChatContent = string | Omit<ChatMessage, 'to' | 'idempotencyKey'>;
/** What `toInbox()` returns; `category` defaults to the notification's. */
export interface InboxContent {
  title: string;
  body: string;
  category?: string;
  actionUrl?: string;
  data?: Record<string, unknown>;
  /** For the inbox's tabs (`InboxService.send()` checks them). */
  tags?: string[];
  severity?: InboxSeverity;
  /** At most two buttons: `{ label, url }` or `{ label, actionId }`. */
  actions?: InboxAction[];
}

type MaybePromise<T> = T | Promise<T>;

/**
 * The second argument of every render method (`toSms(recipient, context)`...):
 * the recipient's resolved locale and time zone, and `t()` for a message of
 * the templates' catalog (or the application's translator) in that locale.
 */
export interface RenderContext {
  /** The recipient's locale: `preferredLocale()`, else their `locale`, else the default. */
  locale: string;
  /** The recipient's IANA time zone, when known. */
  timeZone?: string;
  /** The fields the notifier routes by. */
  profile: RecipientProfile;
  /**
   * A message in the recipient's locale (`NotificationTemplatesModule` needed).
   * @example context.t('order.items', { count: 3 })
   */
  t(key: string, values?: Record<string, unknown>): string;
}

/**
 * One kind of notification (Laravel's `Notification`): which channels it
 * goes out on for a recipient (`via`), and how it reads on each of them (one
 * `to<Channel>` method per channel). Send it with `NotifierService.notify()`.
 *
 * A channel is rendered by the method of its name: `toSms`, `toPush`,
 * `toMail`, `toChat`, `toInbox`; a custom channel `name` by `to<Name>(recipient)`
 * (`slack` → `toSlack`, `web-hook` → `toWebHook`), else by
 * `toChannel(name, recipient)` (see `ToSms`, `ToMail`... to type them).
 * Content is rendered when `notify()` is called (also for scheduled sends);
 * it must be JSON-serialisable to travel through the queue.
 *
 * @example
 * class OrderShipped extends Notification<User> implements ToSms, ToMail<User>, ToInbox {
 *   override readonly category = 'orders';
 *   constructor(private readonly order: Order) { super(); }
 *   via(user: User) { return user.phone ? ['sms', 'inbox'] : ['mail', 'inbox']; }
 *   toSms() { return `Order ${this.order.id} is on its way`; }
 *   toMail(user: User) { return new Mailable().subject('Shipped').text(`Hi ${user.name}, ...`); }
 *   toInbox() { return { title: 'Order shipped', body: `Order ${this.order.id}` }; }
 * }
 */
export abstract class Notification<R extends object = RecipientLike> {
  /**
   * The name in records, metrics and spans. @default the class name
   * (override it when bundling renames classes).
   */
  readonly type: string;
  /** What the notification is about, for preferences and the inbox. @default 'general' */
  readonly category: string = 'general';
  /** Critical notifications bypass opt-outs and quiet hours (where those gates are installed). @default false */
  readonly critical: boolean = false;
  /** Later channels while the inbox message stays unread ("mail after 15 min"). @default none */
  readonly escalation?: readonly EscalationStep[];
  /** Rate limit per recipient and category (with `throttleGate()`). @default none */
  readonly throttle?: ThrottleRule;
  /** Fold these per recipient into one digest per window (with `DigestGate` and a digester). @default none */
  readonly digest?: DigestRule;
  /**
   * Which channels are on for this notification's category while the user
   * has not chosen (see `NotificationPreferencesService`): a channel set to
   * `false` is opt-in (sent only to users who turned it on), any other
   * channel is opt-out. @default every channel on
   * @example override readonly defaultPreferences = { mail: false }; // weekly digest: inbox only unless asked
   */
  readonly defaultPreferences?: Readonly<Partial<Record<ChannelName, boolean>>>;

  /**
   * The folder of this notification's file templates (see
   * `NotificationTemplatesModule`): a channel without a `to<Channel>()`
   * method is rendered from `<template>/<channel>...hbs` in the recipient's
   * locale, with the data of `templateData(recipient)`. @default none
   * @example override readonly template = 'order-shipped';
   */
  readonly template?: string;

  constructor() {
    this.type = new.target.name;
  }

  /**
   * The data of the file templates. @default the notification's own fields
   * and `recipient` (its `RecipientProfile`: `name`, `email`, ...)
   */
  templateData(recipient: R, context: RenderContext): MaybePromise<object> {
    return { ...this, recipient: context.profile };
  }

  /** The channels to use for `recipient`, in order. */
  abstract via(recipient: R): MaybePromise<readonly ChannelName[]>;
}

/*
 * The render methods are found by name, so a notification declares only
 * those of its channels. These interfaces type them:
 * `class OrderShipped extends Notification<User> implements ToSms<User>, ToMail<User>`.
 */

/** Renders the `sms` channel. */
export interface ToSms<R extends object = RecipientLike> {
  toSms(recipient: R, context: RenderContext): MaybePromise<SmsContent>;
}

/** Renders the `push` channel (the same content goes to each device of the recipient). */
export interface ToPush<R extends object = RecipientLike> {
  toPush(recipient: R, context: RenderContext): MaybePromise<PushContent>;
}

/** Renders the `mail` channel: a `Mailable` (or a message) whose `to` defaults to the recipient. */
export interface ToMail<R extends object = RecipientLike> {
  toMail(recipient: R, context: RenderContext): MaybePromise<Mailable | MailContent>;
}

/** Renders the `chat` channel (Slack, Teams, Discord, Telegram: the primary chat backend). */
export interface ToChat<R extends object = RecipientLike> {
  toChat(recipient: R): MaybePromise<ChatContent>;
}

/** Renders the `inbox` channel. */
export interface ToInbox<R extends object = RecipientLike> {
  toInbox(recipient: R, context: RenderContext): MaybePromise<InboxContent>;
}

/**
 * Renders the `webhook` channel: the event type (only endpoints subscribed to
 * it, or to every type, receive it) and the JSON payload, sent as `data`.
 */
export interface ToWebhook<R extends object = RecipientLike> {
  toWebhook(recipient: R): MaybePromise<WebhookContent>;
}

/** Renders any channel without a method of its own (custom channels mostly). */
export interface ToChannel<R extends object = RecipientLike> {
  toChannel(channel: string, recipient: R, context: RenderContext): unknown;
}
