import {
  Body,
  Controller,
  Get,
  Header,
  Inject,
  Post,
  Query,
  Res,
  UseFilters,
  UseGuards,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import type { Response } from 'express';
import {
  InjectMailer,
  InjectPushChannel,
  InjectSmsChannel,
  type MailerProtocol,
  type PushChannelProtocol,
  type SMSChannelProtocol,
} from '@herald/contracts';
import {
  DeliveryError,
  DeliveryLog,
  Mailable,
  MAIL_BACKEND_REGISTRY,
  PUSH_BACKEND_REGISTRY,
  SMS_BACKEND_REGISTRY,
  type NamedBackendRegistry,
} from '@herald/notification';
import { AdminShellService } from '../admin/admin-shell.service.js';
import { CurrentUserGuard } from '../auth/current-user.guard.js';
import { LoginRequiredFilter } from '../auth/login-required.filter.js';
import { SendEmailDto, SendPushDto, SendSmsDto } from './channels-demo.dto.js';
import { renderChannelsPage, toDemoDelivery, type DemoDelivery } from './channels-demo.page.js';

/** The log of a channel whose driver records deliveries (`log` driver), if any. */
function logOf(channel: unknown): DeliveryLog<any> | undefined {
  const log = (channel as { driver?: { log?: unknown } })?.driver?.log;
  return log instanceof DeliveryLog ? log : undefined;
}

/**
 * `GET /channels`: a form to send a test SMS, push or mail through the
 * primary backends, and what the log drivers recorded. Sending needs a
 * signed-in user (the backends may be real providers): 401 for API clients, a
 * redirect to the sign-in page for the page's forms.
 */
@Controller('channels')
@UseFilters(LoginRequiredFilter)
@UsePipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }))
export class ChannelsDemoController {
  constructor(
    private readonly shell: AdminShellService,
    @Inject(SMS_BACKEND_REGISTRY)
    private readonly smsBackends: NamedBackendRegistry<SMSChannelProtocol>,
    @Inject(PUSH_BACKEND_REGISTRY)
    private readonly pushBackends: NamedBackendRegistry<PushChannelProtocol>,
    @Inject(MAIL_BACKEND_REGISTRY)
    private readonly mailBackends: NamedBackendRegistry<MailerProtocol>,
    @InjectSmsChannel() private readonly sms: SMSChannelProtocol,
    @InjectPushChannel() private readonly push: PushChannelProtocol,
    @InjectMailer() private readonly mailer: MailerProtocol,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(@Query('notice') notice?: string): string {
    return this.shell.render('Send notifications', renderChannelsPage(this.deliveries(), notice));
  }

  @Get('deliveries')
  deliveries(): DemoDelivery[] {
    const registries = [this.smsBackends, this.pushBackends, this.mailBackends];
    return registries
      .flatMap((r) => r.names().map((n) => r.get(n)))
      .flatMap((c) => logOf(c)?.entries ?? [])
      .map(toDemoDelivery)
      .sort((a, b) => b.at.localeCompare(a.at));
  }

  @Post('sms')
  @UseGuards(CurrentUserGuard)
  async sendSms(@Body() body: SendSmsDto, @Res() res: Response): Promise<void> {
    await this.respond(res, () => this.sms.send({ to: body.to, body: body.body }));
  }

  @Post('push')
  @UseGuards(CurrentUserGuard)
  async sendPush(@Body() body: SendPushDto, @Res() res: Response): Promise<void> {
    await this.respond(res, () =>
      this.push.send({ token: body.token, title: body.title, body: body.body }),
    );
  }

  // `mail` is the channel's name; `/channels/email` stays as an alias for old links and scripts.
  @Post(['mail', 'email'])
  @UseGuards(CurrentUserGuard)
  async sendEmail(@Body() body: SendEmailDto, @Res() res: Response): Promise<void> {
    // Built inside respond(): a refused address or header is a 400 like any delivery error.
    await this.respond(res, () =>
      this.mailer.send(
        new Mailable()
          .to(body.to)
          .subject(body.subject)
          .html(body.html || '<p>(empty)</p>'),
      ),
    );
  }

  /** Sends, then redirects back to the page with what happened (PRG), or answers JSON when asked. */
  private async respond(res: Response, send: () => Promise<unknown>): Promise<void> {
    let notice: string;
    let status = 200;
    let result: unknown;
    try {
      result = await send();
      notice = 'Recorded by the log driver (not sent).';
    } catch (error) {
      status = error instanceof DeliveryError && error.permanent ? 400 : 502;
      notice = `Refused: ${(error as Error).message}`;
      result = { error: (error as Error).message, reason: (error as DeliveryError).reason };
    }
    if (String(res.req.headers.accept ?? '').includes('application/json')) {
      res.status(status).json(result);
      return;
    }
    res.redirect(303, `/channels?notice=${encodeURIComponent(notice)}`);
  }
}
