import { Body, Controller, Post } from '@nestjs/common';
import { InjectMailer, type MailerProtocol, type MailSendResult } from '@herald/contracts';
import { Mailable } from '@herald/notification';

/** `POST /mail { to }` sends a welcome mail through the primary mailer. */
@Controller('mail')
export class MailController {
  constructor(@InjectMailer() private readonly mailer: MailerProtocol) {}

  @Post()
  send(@Body() body: { to: string }): Promise<MailSendResult> {
    return this.mailer.send(
      new Mailable().to(body.to).subject('Welcome').text('Hello from the consumer app'),
    );
  }
}
