import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { EventEmitter2 } from '@nestjs/event-emitter';
import {
  HEALTH_CHECK_REGISTRY,
  discoverAdminContributors,
  type AdminContributor,
  type AdminNavEntry,
  type AdminPage,
  type AdminViewer,
  type HealthCheckRegistryProtocol,
} from '@herald/contracts';
import { ADMIN_LAYOUT_CSS } from './admin-layout.styles.js';
import { InboxBundleService } from './assets/inbox-bundle.service.js';
import { html, raw } from './html.util.js';
import { RealtimeHub } from './realtime/realtime-hub.service.js';

/** A topbar bell as a contributor offers it (`AdminContributor.bell`). */
export type AdminBell = NonNullable<Awaited<ReturnType<NonNullable<AdminContributor['bell']>>>>;

/**
 * The demo's admin shell: finds every `@AdminContributor()` at bootstrap and
 * renders pages inside one layout with their navigation entries. It also
 * registers the contributors' health checks into `HEALTH_CHECK_REGISTRY`,
 * forwards the events their realtime bridges name to the SSE hub, and shows
 * their topbar bells: `<herald-inbox>` for a bell with `inboxBaseUrl` (the
 * element's bundle loaded as a module script), a plain link otherwise. Inside
 * the element a link with the count stays as its fallback: it shows until the
 * element upgrades, and without JavaScript.
 */
@Injectable()
export class AdminShellService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AdminShell');
  private contributors: AdminContributor[] = [];
  private readonly detach: Array<() => void> = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly hub: RealtimeHub,
    private readonly assets: InboxBundleService,
    @Optional() private readonly events?: EventEmitter2,
    @Optional()
    @Inject(HEALTH_CHECK_REGISTRY)
    private readonly health?: HealthCheckRegistryProtocol,
  ) {}

  onApplicationBootstrap(): void {
    this.contributors = discoverAdminContributors(this.discovery);
    for (const contributor of this.contributors) {
      for (const check of contributor.healthChecks?.() ?? []) {
        const { name, check: fn, ...options } = check;
        this.health?.add(name, fn, options);
      }
      for (const bridge of contributor.realtimeBridges?.() ?? []) this.wireBridge(bridge);
    }
  }

  onApplicationShutdown(): void {
    this.detach.splice(0).forEach((off) => off());
  }

  /** The page a contributor serves at `path`, if any. */
  findPage(path: string): AdminPage | undefined {
    return this.contributors.flatMap((c) => c.pages?.() ?? []).find((page) => page.path === path);
  }

  /** Renders a contributor's page for `viewer` inside the layout, with the viewer's bells. */
  async renderPage(
    page: AdminPage,
    viewer: AdminViewer,
    query: Record<string, string | undefined>,
    extraBody = '',
  ): Promise<string> {
    const [body, bells] = await Promise.all([page.render(viewer, query), this.bellsFor(viewer)]);
    return this.render(page.title, body + extraBody, { viewer, bells });
  }

  /** The topbar bells contributors offer to `viewer`. */
  async bellsFor(viewer: AdminViewer): Promise<AdminBell[]> {
    const bells = await Promise.all(this.contributors.map((c) => c.bell?.(viewer)));
    return bells.filter((bell): bell is AdminBell => bell !== undefined);
  }

  private wireBridge(bridge: ReturnType<NonNullable<AdminContributor['realtimeBridges']>>[number]) {
    if (!this.events) {
      this.logger.warn(
        'no EventEmitter2: realtime bridges are off (import EventEmitterModule.forRoot())',
      );
      return;
    }
    for (const event of bridge.events) {
      const listener = async (payload: unknown) => {
        try {
          const out = await bridge.toMessage(event, payload);
          for (const message of Array.isArray(out) ? out : out ? [out] : [])
            this.hub.publish(message);
        } catch (error) {
          this.logger.warn(`realtime bridge for '${event}' failed: ${(error as Error).message}`);
        }
      };
      this.events.on(event, listener);
      this.detach.push(() => this.events?.off(event, listener));
    }
  }

  getContributors(): readonly AdminContributor[] {
    return this.contributors;
  }

  navigation(): AdminNavEntry[] {
    return this.contributors
      .flatMap((c) => c.navigation?.() ?? [])
      .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  }

  /** A full HTML document: topbar (navigation, bells), and `body` (already-escaped HTML). */
  render(
    title: string,
    body: string,
    top: { viewer?: AdminViewer; bells?: AdminBell[] } = {},
  ): string {
    const nav = this.navigation().map(
      (entry) => html`<li><a href="${entry.path}">${entry.label}</a></li>`,
    );
    const bundle = this.assets.bundle;
    let elements = 0;
    const bells = (top.bells ?? []).map((bell) => {
      const fallback = html`<a
        class="bell${bell.count > 0 ? ' has-unread' : ''}"
        href="${bell.href}"
        data-count="${bell.count}"
        >${bell.label}, ${bell.count} unread</a
      >`;
      if (!bell.inboxBaseUrl || !bundle) return fallback;
      elements++;
      return html`<herald-inbox base-url="${bell.inboxBaseUrl}" data-herald-bell
        >${raw(fallback)}</herald-inbox
      >`;
    });
    const account = top.viewer
      ? html`<span class="viewer">${top.viewer.name ?? top.viewer.id}</span>
          <form method="post" action="/auth/logout"><button type="submit">Sign out</button></form>`
      : '';
    return html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>${title} · Herald demo</title>
          <style>
            ${raw(ADMIN_LAYOUT_CSS)}
          </style>
          ${raw(elements > 0 ? html`<script type="module" src="${bundle!.url}"></script>` : '')}
        </head>
        <body>
          <header>
            <a href="/">Herald demo</a>
            <nav aria-label="Main">
              <ul>
                ${nav}
              </ul>
            </nav>
            <div class="topbar-end">${bells} ${raw(account)}</div>
          </header>
          <main>${raw(body)}</main>
        </body>
      </html>`;
  }
}
