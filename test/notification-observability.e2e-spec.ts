import { Test, type TestingModule } from '@nestjs/testing';
import {
  METRICS_COLLECTOR,
  SMS_CHANNEL,
  TRACER,
  type SMSChannelProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import { MonitorModule, type Counter } from '@herald/monitor';
import { ObservabilityModule } from '@herald/observability';
import { NotificationModule } from '@herald/notification';
import { FakeTwilioServer } from '@herald/notification/testing';

/** The same channels report to the real monitor when it is imported (and to the no-ops when not). */
describe('notification channels with the real MonitorModule', () => {
  let twilio: FakeTwilioServer;
  let app: TestingModule;

  beforeAll(async () => {
    twilio = await new FakeTwilioServer().start();
    app = await Test.createTestingModule({
      imports: [
        ObservabilityModule,
        MonitorModule.configure({ config: { tracing: { exporter: 'none' } } }),
        NotificationModule.forRoot({
          smsBackends: [
            {
              name: 'tw',
              primary: true,
              driver: 'twilio',
              twilio: {
                accountSid: twilio.accountSid,
                authToken: twilio.authToken,
                fromNumber: '+15005550006',
                baseUrl: twilio.url,
              },
            },
          ],
        }),
      ],
    }).compile();
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await twilio.stop();
  });

  it('counts notification_sent_total by outcome and records a PRODUCER span with the recipient masked', async () => {
    const sms = app.get<SMSChannelProtocol>(SMS_CHANNEL);
    await sms.send({ to: '+15551234567', body: 'ok' });
    twilio.failNext(503);
    await expect(sms.send({ to: '+15551234567', body: 'fails' })).rejects.toMatchObject({
      reason: 'provider_unavailable',
    });

    const metrics = app.get(METRICS_COLLECTOR);
    const counter = metrics.getMetric('notification_sent_total') as Counter;
    expect(counter.getCount({ channel: 'sms', backend: 'tw', outcome: 'success' })).toBe(1);
    expect(counter.getCount({ channel: 'sms', backend: 'tw', outcome: 'transient' })).toBe(1);
    expect(metrics.getMetric('notification_send_duration_seconds')).toBeDefined();

    const spans = app
      .get<TracerProtocol>(TRACER)
      .getAllSpans()
      .filter((s) => s.name === 'publish sms');
    expect(spans).toHaveLength(2);
    const span = spans[0] as any;
    expect(span.kind).toBe('producer');
    expect(span.attributes).toMatchObject({
      'messaging.destination.name': 'sms',
      'herald.backend': 'tw',
      'herald.driver': 'twilio',
    });
    expect(JSON.stringify(span.attributes ?? {})).toContain('+1******4567');
    expect(JSON.stringify(span.attributes ?? {})).not.toContain('5551234567');
    // the provider received the trace context of the span
    expect(twilio.received[0].headers.traceparent).toContain(span.spanContext().traceId);
  });
});
