import { Controller, Get, Header } from '@nestjs/common';
import { DemoEffectiveConfig } from '../config/demo-effective.config.js';
import { AdminShellService } from '../admin/admin-shell.service.js';
import { html } from '../admin/html.util.js';

/**
 * `GET /`: what the demo offers; `GET /config`: the configuration the demo's
 * modules were built from (`DemoEffectiveConfig`), secrets redacted.
 */
@Controller()
export class HomeController {
  constructor(
    private readonly shell: AdminShellService,
    private readonly config: DemoEffectiveConfig,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  home(): string {
    const links = [
      ...this.shell.navigation(),
      { label: 'Effective configuration (secrets redacted)', path: '/config' },
      {
        label: 'Sign in as a demo user (alice, bob, carol) to see the live bell',
        path: '/auth/login',
      },
    ].map((entry) => html`<li><a href="${entry.path}">${entry.label}</a></li>`);
    return this.shell.render(
      'Home',
      html`<h1>Herald demo</h1>
        <p>
          Notification delivery (SMS, push, email, in-app inbox) and monitoring (metrics, tracing,
          health, alerts, SLOs) for NestJS, running here on embedded defaults with no external
          service.
        </p>
        <h2>What this demo offers</h2>
        <ul>
          ${links}
        </ul>`,
    );
  }

  @Get('config')
  effectiveConfig(): Record<string, unknown> {
    return this.config.toJSON();
  }
}
