import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  AdminContributor,
  HealthCheckCategory,
  type AdminHealthCheck,
  type AdminNavEntry,
  type AdminPage,
  type AdminRealtimeBridge,
  type AdminViewer,
} from '@herald/contracts';
import { InboxService } from '../inbox/inbox.service.js';
import { INBOX_HEALTH_CHECK, NOTIFICATION_ADMIN_OPTIONS } from './admin.constants.js';
import { checkInboxStore } from './inbox-health.check.js';
import { renderInboxPage } from './inbox-page.renderer.js';
import { createInboxRealtimeBridge } from './inbox-realtime.bridge.js';
import type { NotificationAdminOptions } from './notification-admin-options.interface.js';

/**
 * What the notification package brings to an admin shell (an
 * `@AdminContributor()`): the "Notifications" navigation entry, the
 * inbox page, the topbar bell, the realtime bridge (INBOX_SENT_HOOK and read
 * events to the SSE hub) and the `notifications.inbox` health check.
 * List it in the providers of a module that has `InboxProvider`.
 *
 * @example
 * @Module({ providers: [...InboxProvider, NotificationAdminContributor] })
 */
@AdminContributor({ order: 20 })
@Injectable()
export class NotificationAdminContributor implements AdminContributor {
  readonly id = 'notifications';
  readonly basePath: string;
  private readonly healthTimeoutMs: number;
  private readonly testSendForm: boolean;

  constructor(
    private readonly inbox: InboxService,
    @Optional() @Inject(NOTIFICATION_ADMIN_OPTIONS) options?: NotificationAdminOptions,
  ) {
    this.basePath = (options?.basePath ?? '/admin/notifications').replace(/\/+$/, '');
    this.healthTimeoutMs = options?.healthTimeoutMs ?? 2000;
    this.testSendForm = options?.testSendForm ?? false;
  }

  navigation(): AdminNavEntry[] {
    return [
      {
        label: 'Notifications',
        path: this.basePath,
        order: 20,
        badgeUrl: `${this.basePath}/inbox`,
      },
    ];
  }

  pages(): AdminPage[] {
    return [
      {
        path: this.basePath,
        title: 'Notifications',
        render: (viewer: AdminViewer, query: Record<string, string | undefined>) =>
          renderInboxPage(this.inbox, viewer, query, {
            basePath: this.basePath,
            testSendForm: this.testSendForm,
          }),
      },
    ];
  }

  async bell(viewer: AdminViewer) {
    return {
      label: 'Notifications',
      href: this.basePath,
      count: await this.inbox.countUnread(viewer.id),
      countUrl: `${this.basePath}/inbox`,
      streamUrl: `${this.basePath}/stream`,
      inboxBaseUrl: this.basePath,
    };
  }

  healthChecks(): AdminHealthCheck[] {
    return [
      {
        name: INBOX_HEALTH_CHECK,
        check: () => checkInboxStore(this.inbox.store, this.healthTimeoutMs),
        critical: true,
        category: HealthCheckCategory.READINESS,
        timeoutMs: this.healthTimeoutMs + 500,
      },
    ];
  }

  realtimeBridges(): AdminRealtimeBridge[] {
    return [createInboxRealtimeBridge(this.inbox)];
  }
}
