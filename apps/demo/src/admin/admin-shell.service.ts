import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import {
  discoverAdminContributors,
  type AdminContributor,
  type AdminNavEntry,
} from '@herald/contracts';
import { html, raw } from './html.util';

/**
 * The demo's admin shell: finds every `@AdminContributor()` at bootstrap and
 * renders pages inside one layout with their navigation entries.
 */
@Injectable()
export class AdminShellService implements OnApplicationBootstrap {
  private contributors: AdminContributor[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onApplicationBootstrap(): void {
    this.contributors = discoverAdminContributors(this.discovery);
  }

  getContributors(): readonly AdminContributor[] {
    return this.contributors;
  }

  navigation(): AdminNavEntry[] {
    return this.contributors
      .flatMap((c) => c.navigation?.() ?? [])
      .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  }

  /** A full HTML document: topbar, navigation and `body` (already-escaped HTML). */
  render(title: string, body: string): string {
    const nav = this.navigation().map(
      (entry) => html`<li><a href="${entry.path}">${entry.label}</a></li>`,
    );
    return html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>${title} · Herald demo</title>
          <style>
            body {
              font-family: system-ui, sans-serif;
              margin: 0;
              color: #1d2330;
              background: #f6f7f9;
            }
            header {
              display: flex;
              align-items: center;
              gap: 1rem;
              padding: 0.75rem 1.5rem;
              background: #1d2330;
              color: #fff;
            }
            header a {
              color: #fff;
              text-decoration: none;
              font-weight: 600;
            }
            nav ul {
              display: flex;
              gap: 1rem;
              list-style: none;
              margin: 0;
              padding: 0;
            }
            nav a {
              color: #cfd6e4;
            }
            main {
              max-width: 60rem;
              margin: 1.5rem auto;
              padding: 0 1.5rem;
            }
          </style>
        </head>
        <body>
          <header>
            <a href="/">Herald demo</a>
            <nav aria-label="Main">
              <ul>
                ${nav}
              </ul>
            </nav>
          </header>
          <main>${raw(body)}</main>
        </body>
      </html>`;
  }
}
