import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  NotFoundException,
  Optional,
  Param,
  Post,
  Query,
  Res,
  UseFilters,
  UseGuards,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import type { Response } from 'express';
import { EventEmitter2 } from '@nestjs/event-emitter';
import {
  DELIVERY_STORE,
  DeliveryFeedbackRecorder,
  DeliveryService,
  ReliableSmsChannel,
  type DeliveryStore,
  type NotifierService,
} from '@herald/notification';
import { Inject } from '@nestjs/common';
import { InjectNotifier } from '@herald/contracts';
import { DEMO_USERS } from '../auth/demo-users.js';
import { notificationLog } from './notification-log.js';
import { AdminShellService } from '../admin/admin-shell.service.js';
import { CurrentUserGuard } from '../auth/current-user.guard.js';
import { LoginRequiredFilter } from '../auth/login-required.filter.js';
import { DEMO_SCENARIOS } from './demo-backends.js';
import {
  DeliveryIdParamDto,
  DeliveryListQueryDto,
  SendTestSmsDto,
  SimulateFeedbackDto,
} from './delivery-log.dto.js';
import { renderDeliveryLog } from './delivery-log.page.js';

/**
 * The delivery log: `GET /admin/deliveries` (page: notifications with their
 * channel deliveries, then every record), `.json` (records), `POST .../send` (test SMS),
 * `POST .../:id/feedback` (plays a provider's delivery report).
 */
@Controller('admin')
@UseGuards(CurrentUserGuard)
@UseFilters(LoginRequiredFilter)
@UsePipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }))
export class DeliveryLogController {
  private readonly feedbackRecorder: DeliveryFeedbackRecorder;

  constructor(
    private readonly delivery: DeliveryService,
    @Inject(DELIVERY_STORE) private readonly store: DeliveryStore,
    private readonly shell: AdminShellService,
    @InjectNotifier() private readonly notifier: NotifierService,
    @Optional() events?: EventEmitter2,
  ) {
    this.feedbackRecorder = new DeliveryFeedbackRecorder(store, () => events);
  }

  /**
   * Demo only: plays the delivery report a provider would post to
   * `NotificationWebhooksModule` for a sent record (the demo's backends are
   * the log driver and simulations, which report nothing), so the log shows a
   * record moving on to delivered, bounced, failed or complained and
   * `notification.delivery.updated` fires. A move the order of statuses
   * forbids answers `unchanged`.
   */
  @Post('deliveries/:id/feedback')
  async feedback(
    @Param() params: DeliveryIdParamDto,
    @Body() body: SimulateFeedbackDto,
    @Res() res: Response,
  ) {
    const record = await this.store.get(params.id);
    if (!record?.providerMessageId)
      throw new NotFoundException(`no sent delivery "${params.id}" with a provider message id`);
    const { result } = await this.feedbackRecorder.record({
      channel: record.channel as 'sms' | 'push' | 'mail',
      provider: 'demo',
      providerMessageId: record.providerMessageId,
      status: body.status,
      reason: body.status === 'delivered' ? undefined : `simulated ${body.status}`,
    });
    if (res.req.accepts(['json', 'html']) === 'html') return res.redirect(303, '/admin/deliveries');
    const updated = await this.store.get(params.id);
    return res.status(200).json({ result, status: updated?.status });
  }

  @Get('deliveries')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async page(): Promise<string> {
    const [records, counts, notifications] = await Promise.all([
      this.store.list({ limit: 50 }),
      this.store.countByStatus(),
      notificationLog(this.notifier, 10),
    ]);
    return this.shell.render(
      'Deliveries',
      renderDeliveryLog(records, counts, this.delivery.mode, notifications, DEMO_USERS),
    );
  }

  /** `{ mode, counts, records }`, newest first; `?status=dead` filters. Recipients are masked. */
  @Get('deliveries.json')
  async json(@Query() query: DeliveryListQueryDto) {
    const [records, counts] = await Promise.all([
      this.store.list({ status: query.status, limit: query.limit ?? 50 }),
      this.store.countByStatus(),
    ]);
    return { mode: this.delivery.mode, counts, records };
  }

  /**
   * Starts a test SMS through the scenario's backend chain and answers at
   * once with its delivery id (JSON) or a redirect to the log (form): the
   * retries run in the background so the log shows the record moving.
   */
  @Post('deliveries/send')
  @HttpCode(202)
  async send(@Body() body: SendTestSmsDto, @Res() res: Response) {
    const scenario = DEMO_SCENARIOS[body.scenario ?? 'ok'];
    const to = body.to?.trim() || '+15005550006';
    const sms = new ReliableSmsChannel(this.delivery, scenario.chain);
    const idempotencyKey = `demo:${Date.now()}:${Math.random().toString(36).slice(2)}`;
    const sending = sms.send({
      to,
      body: `Herald demo (${body.scenario ?? 'ok'})`,
      idempotencyKey,
    });
    sending.catch(() => undefined); // the outcome is on the record
    const deliveryId = await this.firstRecordId(sending, idempotencyKey);
    if (res.req.accepts(['json', 'html']) === 'html') return res.redirect(303, '/admin/deliveries');
    return res
      .status(202)
      .json({ deliveryId, scenario: body.scenario ?? 'ok', chain: scenario.chain });
  }

  /** The record exists as soon as `send` has created it; in queue mode `send` returns right after. */
  private async firstRecordId(
    sending: Promise<{ deliveryId: string }>,
    key: string,
  ): Promise<string> {
    const created = await Promise.race([
      sending.then((r) => r.deliveryId).catch(() => undefined),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 50)),
    ]);
    if (created) return created;
    const recent = await this.store.list({ limit: 20 });
    return recent.find((r) => r.idempotencyKey === key)?.id ?? '';
  }
}
