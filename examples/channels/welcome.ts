import { Injectable } from '@nestjs/common';
import {
  InjectMailer,
  InjectPushChannel,
  InjectSmsChannel,
  type MailerProtocol,
  type PushChannelProtocol,
  type SMSChannelProtocol,
} from '@herald/contracts';
import { Mailable } from '@herald/notification';

interface User {
  id: string;
  name: string;
  email: string;
  deviceTokens: string[];
}

@Injectable()
export class Welcome {
  constructor(
    @InjectSmsChannel() private readonly sms: SMSChannelProtocol,
    @InjectPushChannel('ios') private readonly apns: PushChannelProtocol,
    @InjectMailer() private readonly mailer: MailerProtocol,
  ) {}

  async run(user: User, png: Buffer, pdf: Buffer) {
    // SMS: { to (E.164), body, from?, idempotencyKey?, metadata? } → { messageId, status, backend }
    await this.sms.send({ to: '+15551234567', body: 'Your code is 123456' });

    // Push: { token, title?, body?, data?, badge?, sound?, ttlSeconds?, priority?, collapseKey?, ... }
    const results = await this.apns.sendBatch(
      user.deviceTokens.map((token) => ({ token, title: 'Hi', body: 'New message' })),
    );
    // dead: APNs 410 Unregistered, FCM UNREGISTERED, Web Push 404/410
    const dead = results.filter((r) => r.dead).map((r) => r.token);

    // Email: a MailMessage, or a Mailable; `from` defaults to the backend's from_email/from_name
    const sent = await this.mailer.send(
      new Mailable()
        .to({ name: user.name, address: user.email })
        .cc('team@example.com')
        .bcc('audit@example.com')
        .replyTo('help@example.com')
        .subject('Welcome, {{name}}')
        // {{x}} is HTML-escaped; the text part is derived from the HTML
        .template({ html: '<h1>Hello {{name}}</h1><img src="cid:logo">' }, { name: user.name })
        .embed({ filename: 'logo.png', content: png, contentId: 'logo' }) // inline, cid:logo
        .attach({ filename: 'terms.pdf', content: pdf, contentType: 'application/pdf' })
        .header('X-Campaign', 'onboarding')
        .tag('welcome')
        .metadata('userId', user.id),
    ); // → { messageId, accepted, rejected, backend }
    return { dead, sent };
  }
}
