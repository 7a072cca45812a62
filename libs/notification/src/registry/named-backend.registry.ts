import type { OnApplicationShutdown } from '@nestjs/common';
import { HeraldError } from '@herald/contracts';

/** What a `NamedBackendRegistry` holds: anything with a name; `close()` is called at shutdown when present. */
export interface NamedBackend {
  readonly name: string;
  close?(): unknown;
}

interface Entry<T> {
  /** The instance the registry built and owns (closed at shutdown). */
  readonly raw: T;
  /** What the injection tokens hand out: `raw`, or the wrapper set by `wrap()`. */
  exposed: T;
}

/**
 * The backends of one kind (SMS, push or mail) that one module built, by name.
 * It owns the raw instances, the ones holding HTTP keep-alive agents, the APNs
 * HTTP/2 session or an SMTP pool, and closes each exactly once when the
 * application shuts down, also when the injection tokens hand out a wrapper
 * instead (reliable delivery wraps every backend).
 *
 * `NotificationModule` binds one under `SMS_BACKEND_REGISTRY` and one under
 * `PUSH_BACKEND_REGISTRY`, `MailerModule` one under `MAIL_BACKEND_REGISTRY`.
 *
 * @example
 * constructor(@Inject(SMS_BACKEND_REGISTRY) private readonly sms: NamedBackendRegistry<SMSChannelProtocol>) {}
 * // ...
 * await this.sms.get('twilio-eu').send({ to, body });
 */
export class NamedBackendRegistry<T extends NamedBackend> implements OnApplicationShutdown {
  private readonly entries = new Map<string, Entry<T>>();
  private primaryName?: string;
  private closing?: Promise<void>;

  /**
   * @param kind what the backends are, in messages: `'SMS'`, `'push'`, `'mail'`
   * @param configPath where they are configured: `'notification.sms_backends'`
   */
  constructor(
    readonly kind: string,
    readonly configPath: string,
  ) {}

  /** Registers a backend the registry owns; `primary` also makes it the unnamed one. */
  add(backend: T, primary = false): this {
    if (this.entries.has(backend.name)) {
      throw new HeraldError(
        `The ${this.kind} backend "${backend.name}" is registered twice; backend names in ${this.configPath} must be unique.`,
        { code: 'HERALD_DUPLICATE_BACKEND' },
      );
    }
    this.entries.set(backend.name, { raw: backend, exposed: backend });
    if (primary) this.primaryName = backend.name;
    return this;
  }

  /**
   * From now on `get(name)` (and so every injection token) hands out
   * `wrap(raw)`; the raw backend stays owned here and is still what `close()`
   * closes.
   */
  wrap(name: string, wrap: (raw: T) => T): this {
    const entry = this.entry(name, false);
    entry.exposed = wrap(entry.raw);
    return this;
  }

  /** The backend called `name`, or the primary one: the wrapper when there is one. */
  get(name?: string): T {
    return this.entry(name ?? this.primaryName, name === undefined).exposed;
  }

  /** The backend called `name` (or the primary one) as built, never a wrapper. */
  raw(name?: string): T {
    return this.entry(name ?? this.primaryName, name === undefined).raw;
  }

  hasPrimary(): boolean {
    return this.primaryName !== undefined;
  }

  /** Names of every registered backend, in registration order. */
  names(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * Closes every raw backend once (calling it again returns the same promise).
   * A backend whose `close()` fails does not keep the others open.
   */
  close(): Promise<void> {
    this.closing ??= Promise.allSettled(
      [...new Set([...this.entries.values()].map((e) => e.raw))].map(async (raw) => raw.close?.()),
    ).then(() => undefined);
    return this.closing;
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  private entry(name: string | undefined, primary: boolean): Entry<T> {
    const found = name === undefined ? undefined : this.entries.get(name);
    if (found) return found;
    const known =
      this.names()
        .map((n) => `"${n}"`)
        .join(', ') || 'none';
    throw new HeraldError(
      primary
        ? `No ${this.kind} backend is marked primary (configured: ${known}). Set primary: true on one entry of ${this.configPath}, or inject one by name.`
        : `No ${this.kind} backend is called "${name}" (configured: ${known}). Add it to ${this.configPath} or fix the name.`,
      { code: 'HERALD_UNKNOWN_BACKEND' },
    );
  }
}
