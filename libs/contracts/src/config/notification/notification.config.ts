import type { ConfigProblem } from '../../errors/herald-config.error';
import { ConfigSection } from '../schema/config-section';
import { Field } from '../schema/config-field.decorator';
import {
  ApnsDriverConfig,
  FcmDriverConfig,
  SendgridDriverConfig,
  SMTPDriverConfig,
  TwilioDriverConfig,
  WebPushDriverConfig,
} from './driver-configs';
import { checkNamedBackends } from './named-backend.util';

export const SMS_DRIVERS = ['twilio', 'log'] as const;
export const PUSH_DRIVERS = ['fcm', 'apns', 'webpush', 'log'] as const;
export const MAIL_DRIVERS = ['smtp', 'sendgrid', 'log'] as const;
export type SmsDriver = (typeof SMS_DRIVERS)[number];
export type PushDriver = (typeof PUSH_DRIVERS)[number];
export type MailDriver = (typeof MAIL_DRIVERS)[number];

/** SPEC `NamedSMSConfig`. */
export class NamedSMSConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, doc: 'Backend name' }) name!: string;
  @Field.boolean({ default: false, doc: 'Also bound as the unnamed SMS_CHANNEL' })
  primary!: boolean;
  @Field.enum(SMS_DRIVERS, { doc: 'Driver' }) driver!: SmsDriver;
  @Field.section(() => TwilioDriverConfig, { optional: true, doc: 'twilio settings' })
  twilio?: TwilioDriverConfig;
}

/** SPEC `NamedPushConfig`. */
export class NamedPushConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, doc: 'Backend name' }) name!: string;
  @Field.boolean({ default: false, doc: 'Also bound as the unnamed PUSH_CHANNEL' })
  primary!: boolean;
  @Field.enum(PUSH_DRIVERS, { doc: 'Driver' }) driver!: PushDriver;
  @Field.section(() => FcmDriverConfig, { optional: true }) fcm?: FcmDriverConfig;
  @Field.section(() => ApnsDriverConfig, { optional: true }) apns?: ApnsDriverConfig;
  @Field.section(() => WebPushDriverConfig, { optional: true }) webpush?: WebPushDriverConfig;
}

/** SPEC `NamedMailerConfig`. */
export class NamedMailerConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, doc: 'Backend name' }) name!: string;
  @Field.boolean({ default: false, doc: 'Also bound as the unnamed MAILER' }) primary!: boolean;
  @Field.enum(MAIL_DRIVERS, { doc: 'Driver' }) driver!: MailDriver;
  @Field.string({
    pattern: /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/,
    patternMessage: 'must be an email address such as noreply@example.com',
    doc: 'Sender address',
  })
  fromEmail!: string;
  @Field.string({ optional: true, doc: 'Sender display name' }) fromName?: string;
  @Field.section(() => SMTPDriverConfig, { optional: true }) smtp?: SMTPDriverConfig;
  @Field.section(() => SendgridDriverConfig, { optional: true }) sendgrid?: SendgridDriverConfig;
}

/** SPEC `MailerConfig`. */
export class MailerConfig extends ConfigSection {
  @Field.list(() => NamedMailerConfig, { doc: 'Mail backends' }) backends!: NamedMailerConfig[];

  protected override crossCheck(): ConfigProblem[] {
    return checkNamedBackends(this.backends, 'backends', ['smtp', 'sendgrid']);
  }
}

/** SPEC `InboxConfig` (config key `inbox`). */
export class InboxConfig extends ConfigSection {
  @Field.enum(['database', 'memory'] as const, {
    default: 'database',
    doc: 'Inbox store: database or memory',
  })
  storeBackend!: 'database' | 'memory';
  @Field.integer({ min: 1, default: 30, doc: 'Days inbox messages are kept' })
  retentionDays!: number;
  @Field.integer({ min: 1, max: 1000, default: 50, doc: 'Maximum messages returned per page' })
  maxPageSize!: number;
}

/** SPEC `NotificationConfig` (top-level key `notification`). */
export class NotificationConfig extends ConfigSection {
  @Field.list(() => NamedSMSConfig, { doc: 'SMS backends (JSON list)' })
  smsBackends!: NamedSMSConfig[];
  @Field.list(() => NamedPushConfig, { doc: 'Push backends (JSON list)' })
  pushBackends!: NamedPushConfig[];
  @Field.section(() => MailerConfig) mailer!: MailerConfig;
  @Field.section(() => InboxConfig) inbox!: InboxConfig;

  protected override crossCheck(): ConfigProblem[] {
    const problems = [
      ...checkNamedBackends(this.smsBackends, 'sms_backends', ['twilio']),
      ...checkNamedBackends(this.pushBackends, 'push_backends', ['fcm', 'apns', 'webpush']),
    ];
    (Array.isArray(this.pushBackends) ? this.pushBackends : []).forEach((backend, i) => {
      if (backend?.fcm?.serverKey) {
        problems.push({
          path: `push_backends[${i}].fcm.server_key`,
          message:
            'the legacy FCM server key API was shut down in 2024; configure a service account instead ' +
            '(fcm.project_id, fcm.client_email, fcm.private_key, or fcm.service_account_file)',
        });
      }
    });
    return problems;
  }
}
