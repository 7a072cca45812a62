import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { MailerProtocol } from '@herald/contracts';
import { HeraldError } from '@herald/contracts';

/**
 * Every mailer one `MailerModule` built, by name; the named and primary
 * tokens resolve through it, and it closes SMTP pools at shutdown.
 */
@Injectable()
export class MailerRegistry implements OnApplicationShutdown {
  private readonly mailers = new Map<string, MailerProtocol>();
  private primaryName?: string;

  add(mailer: MailerProtocol, primary = false): void {
    this.mailers.set(mailer.name, mailer);
    if (primary) this.primaryName = mailer.name;
  }

  /** The mailer called `name`, or the primary one. */
  get(name?: string): MailerProtocol {
    const key = name ?? this.primaryName;
    const found = key === undefined ? undefined : this.mailers.get(key);
    if (found) return found;
    const known =
      this.names()
        .map((n) => `"${n}"`)
        .join(', ') || 'none';
    throw new HeraldError(
      name === undefined
        ? `No mail backend is marked primary (configured: ${known}). Set primary: true on one entry of notification.mailer.backends, or inject one by name.`
        : `No mail backend is called "${name}" (configured: ${known}). Add it to notification.mailer.backends or fix the name.`,
      { code: 'HERALD_UNKNOWN_BACKEND' },
    );
  }

  hasPrimary(): boolean {
    return this.primaryName !== undefined;
  }

  names(): string[] {
    return [...this.mailers.keys()];
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(
      [...this.mailers.values()].map((m) => (m as { close?(): unknown }).close?.()),
    );
  }
}
