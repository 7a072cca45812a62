import { Controller, Header, HttpCode, Inject, Post, Req, type Type } from '@nestjs/common';
import {
  SendgridWebhookHandler,
  type SendgridWebhookResult,
} from './sendgrid/sendgrid-webhook.handler.js';
import { SesWebhookHandler, type SesWebhookResult } from './ses/ses-webhook.handler.js';
import { TwilioWebhookHandler } from './twilio/twilio-webhook.handler.js';
import { MailgunWebhookHandler } from './mailgun/mailgun-webhook.handler.js';
import type { MailWebhookResult } from './mail-webhook-result.js';
import { PostmarkWebhookHandler } from './postmark/postmark-webhook.handler.js';
import { ResendWebhookHandler } from './resend/resend-webhook.handler.js';
import type { WebhookRequest } from './utils/webhook-body.util.js';
import { VonageWebhookHandler } from './vonage/vonage-webhook.handler.js';

/** `POST <routes.twilioStatus>`: Twilio message status callbacks. */
export class TwilioStatusController {
  constructor(@Inject(TwilioWebhookHandler) private readonly twilio: TwilioWebhookHandler) {}

  @Post()
  @HttpCode(200)
  async receive(@Req() req: WebhookRequest): Promise<string> {
    await this.twilio.status(req);
    return '';
  }
}

/** `POST <routes.twilioInbound>`: Twilio inbound messages (STOP / START). */
export class TwilioInboundController {
  constructor(@Inject(TwilioWebhookHandler) private readonly twilio: TwilioWebhookHandler) {}

  @Post()
  @HttpCode(200)
  @Header('content-type', 'text/xml')
  receive(@Req() req: WebhookRequest): Promise<string> {
    return this.twilio.inbound(req);
  }
}

/** `POST <routes.sendgridEvents>`: SendGrid's Signed Event Webhook. */
export class SendgridEventsController {
  constructor(@Inject(SendgridWebhookHandler) private readonly sendgrid: SendgridWebhookHandler) {}

  @Post()
  @HttpCode(200)
  receive(@Req() req: WebhookRequest): Promise<SendgridWebhookResult> {
    return this.sendgrid.events(req);
  }
}

/** `POST <routes.sesEvents>`: Amazon SES events from an SNS HTTPS subscription. */
export class SesEventsController {
  constructor(@Inject(SesWebhookHandler) private readonly ses: SesWebhookHandler) {}

  @Post()
  @HttpCode(200)
  receive(@Req() req: WebhookRequest): Promise<SesWebhookResult> {
    return this.ses.events(req);
  }
}

/** `POST <routes.postmarkEvents>`: Postmark's webhooks behind HTTP Basic auth. */
export class PostmarkEventsController {
  constructor(@Inject(PostmarkWebhookHandler) private readonly postmark: PostmarkWebhookHandler) {}

  @Post()
  @HttpCode(200)
  receive(@Req() req: WebhookRequest): Promise<MailWebhookResult> {
    return this.postmark.events(req);
  }
}

/** `POST <routes.mailgunEvents>`: Mailgun's signed webhooks. */
export class MailgunEventsController {
  constructor(@Inject(MailgunWebhookHandler) private readonly mailgun: MailgunWebhookHandler) {}

  @Post()
  @HttpCode(200)
  receive(@Req() req: WebhookRequest): Promise<MailWebhookResult> {
    return this.mailgun.events(req);
  }
}

/** `POST <routes.resendEvents>`: Resend's Standard Webhooks (Svix) events. */
export class ResendEventsController {
  constructor(@Inject(ResendWebhookHandler) private readonly resend: ResendWebhookHandler) {}

  @Post()
  @HttpCode(200)
  receive(@Req() req: WebhookRequest): Promise<MailWebhookResult> {
    return this.resend.events(req);
  }
}

/** `POST <routes.vonageDlr>`: Vonage SMS delivery receipts. */
export class VonageDlrController {
  constructor(@Inject(VonageWebhookHandler) private readonly vonage: VonageWebhookHandler) {}

  @Post()
  @HttpCode(200)
  async receive(@Req() req: WebhookRequest): Promise<string> {
    await this.vonage.receipt(req);
    return '';
  }
}

/** A subclass of `base` mounted at `path`, so each module instance has its own routes. */
export function routedController<T>(base: Type<T>, path: string): Type<T> {
  const routed = class extends (base as Type<object>) {};
  Object.defineProperty(routed, 'name', { value: base.name });
  Controller(path)(routed);
  return routed as Type<T>;
}
