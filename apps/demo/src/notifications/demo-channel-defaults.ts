import { HeraldConfig, MailerConfig, NotificationConfig } from '@herald/contracts';

/**
 * The demo's embedded defaults: when the configuration names no backend of a
 * kind, one `log` backend (records, never sends) becomes its primary. Backends
 * from YAML or env replace them. The mailer's are in `mailer`, so this one
 * object is what both `NotificationModule` and `MailerModule` are built from.
 */
export function demoNotificationConfig(config: HeraldConfig): NotificationConfig {
  const n = config.notification;
  return new NotificationConfig({
    ...n,
    smsBackends: n.smsBackends.length
      ? n.smsBackends
      : [{ name: 'demo-sms', primary: true, driver: 'log' }],
    pushBackends: n.pushBackends.length
      ? n.pushBackends
      : [{ name: 'demo-push', primary: true, driver: 'log' }],
    mailer: demoMailerConfig(config),
  }).validate('notification');
}

function demoMailerConfig(config: HeraldConfig): MailerConfig {
  const m = config.notification.mailer;
  if (m.backends.length) return m;
  return new MailerConfig({
    ...m,
    backends: [
      {
        name: 'demo-mail',
        primary: true,
        driver: 'log',
        fromEmail: 'demo@herald.local',
        fromName: 'Herald demo',
      },
    ],
  }).validate('notification.mailer');
}
