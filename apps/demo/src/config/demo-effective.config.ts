import type { TypeOrmModuleOptions } from '@nestjs/typeorm';
import { HeraldConfig, MonitorConfig, NotificationConfig } from '@herald/contracts';
import { redactDeep } from '@herald/contracts/internal';
import {
  realtimeOptionsFromEnv,
  type RealtimeOptions,
} from '../admin/realtime/realtime.options.js';
import { demoDataSourceOptions } from '../database/demo-data-source.options.js';
import { demoHttpOptionsFromEnv, type DemoHttpOptions } from '../http/demo-http.options.js';
import { demoNotificationConfig } from '../notifications/demo-channel-defaults.js';

type DeliveryConfig = NotificationConfig['delivery'];

/**
 * The demo serves `/metrics`; a `noop` backend type (the library default)
 * becomes `prometheus`, so that what is configured is what runs. Any other
 * type is kept; `monitor.enabled: false` turns metrics off.
 */
function demoMonitorConfig(config: HeraldConfig): MonitorConfig {
  const monitor = config.monitor;
  if (monitor.backendType !== 'noop') return monitor;
  return new MonitorConfig({ ...monitor, backendType: 'prometheus' }).validate('monitor');
}

/**
 * The configuration the demo's modules are built from, made once from
 * `HeraldConfig` and the `DEMO_*` environment with the demo's embedded
 * defaults applied (log backends, the Prometheus metrics backend). Every
 * module takes its part from here, and `GET /config` renders these same
 * objects (`toJSON()`, secrets redacted), so the page shows what runs.
 */
export class DemoEffectiveConfig {
  constructor(
    /** `NotificationModule`'s configuration; `notification.mailer` is `MailerModule`'s. */
    readonly notification: NotificationConfig,
    /** `MonitorModule`'s configuration. */
    readonly monitor: MonitorConfig,
    /** The delivery log's own `DeliveryModule` (always on, records in the demo's database). */
    readonly deliveryLog: DeliveryConfig,
    /** The demo's TypeORM connection. */
    readonly database: TypeOrmModuleOptions,
    /** The admin shell's realtime hub (SSE, Redis fan-out). */
    readonly realtime: RealtimeOptions,
    /** Request parsing (`configureDemoHttp`). */
    readonly http: DemoHttpOptions,
  ) {}

  static from(config: HeraldConfig, env: NodeJS.ProcessEnv = process.env): DemoEffectiveConfig {
    // The configured delivery settings (queue, retries...), switched on, records in the database.
    const deliveryLog = new NotificationConfig({
      delivery: { ...config.notification.delivery, enabled: true, store: 'database' },
    }).validate('notification').delivery;
    return new DemoEffectiveConfig(
      demoNotificationConfig(config),
      demoMonitorConfig(config),
      deliveryLog,
      demoDataSourceOptions(
        env.DEMO_DATABASE_URL,
        undefined,
        env.DEMO_DATABASE_SCHEMA || undefined,
      ),
      realtimeOptionsFromEnv(env),
      demoHttpOptionsFromEnv(env),
    );
  }

  /** What `GET /config` shows: camelCase, secrets and URL credentials replaced by `[REDACTED]`. */
  toJSON(): Record<string, unknown> {
    const db = this.database as Record<string, unknown>;
    return {
      notification: this.notification.toJSON(),
      monitor: this.monitor.toJSON(),
      demo: redactDeep({
        deliveryLog: this.deliveryLog.toJSON(),
        database: {
          type: db.type,
          url: db.url,
          schema: db.schema,
          database: db.database,
          location: db.location,
        },
        realtime: this.realtime,
        http: this.http,
      }),
    };
  }
}
