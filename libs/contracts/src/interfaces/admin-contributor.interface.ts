import type { HealthCheckCategory, HealthCheckFunction } from './health.types.js';

/** A link in the admin shell's navigation. */
export interface AdminNavEntry {
  label: string;
  path: string;
  /** Lower comes first. @default 100 */
  order?: number;
  /** A JSON endpoint returning `{ count }` (or `{ unread_count }`) shown as a badge. */
  badgeUrl?: string;
}

/** Who is looking at an admin page. */
export interface AdminViewer {
  id: string;
  name?: string;
}

/** A page the shell renders inside its layout. `render` returns an HTML fragment; it must escape what it prints. */
export interface AdminPage {
  path: string;
  title: string;
  render(viewer: AdminViewer, query: Record<string, string | undefined>): string | Promise<string>;
}

/** A health check the contributor brings to the shell's health registry. */
export interface AdminHealthCheck {
  name: string;
  check: HealthCheckFunction;
  critical?: boolean;
  category?: HealthCheckCategory;
  timeoutMs?: number;
}

/** An event pushed to browsers over server-sent events. `userId` undefined means everyone. */
export interface RealtimeMessage {
  userId?: string;
  type: string;
  data: unknown;
}

/** Forwards application events (`@nestjs/event-emitter` names) to the shell's realtime hub. */
export interface AdminRealtimeBridge {
  /** Event names to listen to. */
  events: string[];
  toMessage(
    event: string,
    payload: unknown,
  ):
    | RealtimeMessage
    | RealtimeMessage[]
    | undefined
    | Promise<RealtimeMessage | RealtimeMessage[] | undefined>;
}

/**
 * A counter in the shell's topbar (the notification bell). The shell renders
 * `count` in a link to `href`; with `inboxBaseUrl` it shows `<herald-inbox>`
 * there instead, which keeps the count live from the inbox routes' stream.
 */
export interface AdminBell {
  /** Accessible name, e.g. "Notifications". */
  label: string;
  href: string;
  count: number;
  /** JSON endpoint answering `{ unread_count }`. */
  countUrl?: string;
  /** Server-sent events stream for the viewer. */
  streamUrl?: string;
  /**
   * Base URL of the inbox routes (docs/inbox-contract.md), e.g. `/admin/notifications`:
   * the shell shows `<herald-inbox base-url="…">` for this bell (a plain link without it).
   */
  inboxBaseUrl?: string;
}

/**
 * What a library offers the admin shell (a provider marked with `@AdminContributor()`).
 * Mark the provider with `@AdminContributor()`; the shell finds it at bootstrap.
 */
export interface AdminContributor {
  readonly id: string;
  navigation?(): AdminNavEntry[];
  pages?(): AdminPage[];
  healthChecks?(): AdminHealthCheck[];
  realtimeBridges?(): AdminRealtimeBridge[];
  /** A topbar counter for `viewer`; undefined for none. */
  bell?(viewer: AdminViewer): AdminBell | undefined | Promise<AdminBell | undefined>;
}
