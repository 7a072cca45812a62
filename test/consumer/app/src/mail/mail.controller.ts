import { Body, Controller, Post } from '@nestjs/common';
import { InjectMailer, type MailerProtocol, type MailSendResult } from '@herald/contracts';
import { Mailable } from '@herald/notification';

/** A welcome mail through the primary mailer, plain or from a Handlebars template. */
@Controller('mail')
export class MailController {
  constructor(@InjectMailer() private readonly mailer: MailerProtocol) {}

  /** `POST /mail { to }`: a text mail; needs neither Handlebars nor html-to-text. */
  @Post()
  send(@Body() body: { to: string }): Promise<MailSendResult> {
    return this.mailer.send(
      new Mailable().to(body.to).subject('Welcome').text('Hello from the consumer app'),
    );
  }

  /**
   * `POST /mail/welcome { to, name }`: subject and HTML rendered by Handlebars,
   * the text part derived by html-to-text (both come with `@herald/notification`).
   */
  @Post('welcome')
  async welcome(
    @Body() body: { to: string; name: string },
  ): Promise<MailSendResult & { subject: string; text?: string }> {
    const mail = new Mailable().to(body.to).template(
      {
        subject: 'Welcome, {{name}}',
        html: '<p>Hello <b>{{name}}</b>, see <a href="https://example.com/start">the guide</a></p>',
      },
      { name: body.name },
    );
    const { subject, text } = await mail.build();
    return { ...(await this.mailer.send(mail)), subject, text };
  }
}
