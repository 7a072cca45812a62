import { NamedMailerConfig, type MailAttachment, type MailMessage } from '@herald/contracts';
import type { FakeProviderServer } from '../../../testing/servers/fake-provider-server.js';
import { DeliveryTelemetry } from '../../../utils/delivery-telemetry.js';
import { useFakeProviderChannel } from '../../../utils/__fixtures__/fake-provider-channel.harness.js';
import { createMailerChannel } from '../../create-mailer-channel.js';
import type { MailerChannel } from '../../mailer-channel.js';

/** The smallest mail every driver spec sends. */
export const PLAIN_MAIL: MailMessage = { to: ['a@example.com'], subject: 's', text: 't' };

/** A text attachment (`hello`), as the driver specs attach it. */
export const TEXT_ATTACHMENT: MailAttachment = {
  filename: 'a.txt',
  content: 'hello',
  contentType: 'text/plain',
};

/** An inline image (bytes 1, 2, 3: base64 `AQID`) that HTML refers to as `cid:logo`. */
export const INLINE_LOGO: MailAttachment & { contentId: string } = {
  filename: 'logo.png',
  content: Buffer.from([1, 2, 3]),
  contentType: 'image/png',
  contentId: 'logo',
};

/** The error a 429 with `Retry-After` becomes: transient, retried after that long. */
export const rateLimited = (retryAfterMs: number) => ({
  reason: 'rate_limited',
  permanent: false,
  retryAfterMs,
});

/** The error a 5xx becomes: transient. */
export const PROVIDER_UNAVAILABLE = { reason: 'provider_unavailable', permanent: false };

/** What a mail driver spec declares about its provider. */
export interface FakeMailProviderOptions<S extends FakeProviderServer> {
  /** Starts the provider's fake server, e.g. `() => new FakePostmarkServer().start()`. */
  start(): Promise<S>;
  /** The driver, also the name of its settings' sub-object (`postmark: {...}`). */
  driver: 'postmark' | 'mailgun' | 'resend' | 'sendgrid' | 'ses';
  /** The backend's name. */
  name: string;
  /** @default 'Herald' */
  fromName?: string;
  /** The driver settings that point it at the started server. */
  settings(server: S): Record<string, unknown>;
  /** What the server keeps besides what `reset()` forgets (before each test). */
  clear?(server: S): void;
}

/** A started fake provider and a mail channel pointed at it, fresh for each test. */
export interface FakeMailProvider<S extends FakeProviderServer> {
  readonly server: S;
  readonly mailer: MailerChannel;
  /** Closes the mailer and makes another whose driver settings `overrides` change. */
  remake(overrides?: Record<string, unknown>): Promise<MailerChannel>;
  /** Sends `mail` (default {@link PLAIN_MAIL}): the result, or the error it rejected with. */
  settle(mail?: Parameters<MailerChannel['send']>[0]): Promise<any>;
}

/**
 * {@link useFakeProviderChannel} for a mail driver: the channel is a mailer
 * from `noreply@herald.test`, with a 2 s timeout.
 */
export function useFakeMailProvider<S extends FakeProviderServer>(
  options: FakeMailProviderOptions<S>,
): FakeMailProvider<S> {
  const fake = useFakeProviderChannel({
    start: options.start,
    reset: options.clear,
    make: (server: S, overrides) =>
      createMailerChannel(
        new NamedMailerConfig({
          name: options.name,
          driver: options.driver,
          fromEmail: 'noreply@herald.test',
          fromName: options.fromName ?? 'Herald',
          [options.driver]: { ...options.settings(server), timeout: 2, ...overrides },
        }).validate(),
        new DeliveryTelemetry(),
      ),
  });
  return {
    get server() {
      return fake.server;
    },
    get mailer() {
      return fake.channel;
    },
    remake: (overrides) => fake.remake(overrides),
    settle: (mail = PLAIN_MAIL) => fake.channel.send(mail).catch((e: unknown) => e),
  };
}
