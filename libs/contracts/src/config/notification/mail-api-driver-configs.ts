import { ConfigSection } from '../schema/config-section.js';
import { Field } from '../schema/config-field.decorator.js';

/** Settings of the `postmark` mail driver (`POST /email` with a server token). */
export class PostmarkDriverConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, secret: true, doc: 'Postmark server API token' })
  serverToken!: string;
  @Field.string({
    optional: true,
    pattern: /^[A-Za-z0-9_-]{1,100}$/,
    patternMessage: 'must be a Postmark message stream id such as outbound or broadcast',
    doc: 'Message stream (the server default, usually outbound, when unset)',
  })
  messageStream?: string;
  @Field.string({ default: 'https://api.postmarkapp.com', doc: 'API base URL' }) baseUrl!: string;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
}

/** Settings of the `mailgun` mail driver (`POST /v3/{domain}/messages`). */
export class MailgunDriverConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, secret: true, doc: 'Mailgun API key (sent as api:<key>)' })
  apiKey!: string;
  @Field.string({
    pattern: /^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
    patternMessage: 'must be the sending domain as Mailgun lists it, e.g. mg.example.com',
    doc: 'Sending domain',
  })
  domain!: string;
  @Field.enum(['us', 'eu'] as const, {
    default: 'us',
    doc: 'Region: us (api.mailgun.net) or eu (api.eu.mailgun.net)',
  })
  region!: 'us' | 'eu';
  @Field.string({
    optional: true,
    doc: 'API base URL; overrides region (point it at a fake server in tests)',
  })
  baseUrl?: string;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
}

/** Settings of the `resend` mail driver (`POST /emails` with a Bearer API key). */
export class ResendDriverConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, secret: true, doc: 'Resend API key (re_...)' }) apiKey!: string;
  @Field.string({ default: 'https://api.resend.com', doc: 'API base URL' }) baseUrl!: string;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
}
