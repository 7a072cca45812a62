import { Body, Controller, Get, Header, Inject, Post, Query, Res } from '@nestjs/common';
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
import { AdminShellService } from '../admin/admin-shell.service';
import { renderChannelsPage, toDemoDelivery, type DemoDelivery } from './channels-demo.page';

/** The log of a channel whose driver records deliveries (`log` driver), if any. */
function logOf(channel: unknown): DeliveryLog<any> | undefined {
  const log = (channel as { driver?: { log?: unknown } })?.driver?.log;
  return log instanceof DeliveryLog ? log : undefined;
}

/** `GET /channels`: a form to send a test SMS, push or email through the primary backends, and what the log drivers recorded. */
@Controller('channels')
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
  async sendSms(@Body() body: { to?: string; body?: string }, @Res() res: Response): Promise<void> {
    await this.respond(res, () =>
      this.sms.send({ to: String(body.to ?? ''), body: String(body.body ?? '') }),
    );
  }

  @Post('push')
  async sendPush(
    @Body() body: { token?: string; title?: string; body?: string },
    @Res() res: Response,
  ): Promise<void> {
    await this.respond(res, () =>
      this.push.send({ token: String(body.token ?? ''), title: body.title, body: body.body }),
    );
  }

  @Post('email')
  async sendEmail(
    @Body() body: { to?: string; subject?: string; html?: string },
    @Res() res: Response,
  ): Promise<void> {
    const mail = new Mailable()
      .to(String(body.to ?? ''))
      .subject(String(body.subject ?? ''))
      .html(String(body.html || '<p>(empty)</p>'));
    await this.respond(res, () => this.mailer.send(mail));
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
