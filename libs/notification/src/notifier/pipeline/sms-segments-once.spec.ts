import { Injectable, Logger } from '@nestjs/common';
import type { MetricLabels } from '@herald/contracts';
import { NoopMetricsCollector } from '@herald/observability';
import type { TestingModule } from '@nestjs/testing';
import { DELIVERY_STORE } from '../../delivery/delivery.constants.js';
import { SMS_ADAPTER } from '../../delivery/reliable/channel-adapters.js';
import { DeliveryService } from '../../delivery/reliable/delivery.service.js';
import type { DeliveryStore } from '../../delivery/stores/delivery-store.protocol.js';
import { smsSegments } from '../../sms/sms-segments.util.js';
import { notifierTestApp } from '../__fixtures__/notifier-test-app.js';
import { GateDecisions } from '../gates/gate-decisions.js';
import type { GateContext, NotificationGate } from '../gates/notification-gate.interface.js';
import { Notification } from '../notification.js';
import { NotifierService } from '../notifier.service.js';

// every call of the segment counter, whoever makes it (renderer, dispatcher, delivery adapter)
jest.mock('../../sms/sms-segments.util', () => {
  const actual = jest.requireActual('../../sms/sms-segments.util');
  return { ...actual, smsSegments: jest.fn(actual.smsSegments) };
});
const counted = smsSegments as jest.MockedFunction<typeof smsSegments>;

// 250 UCS-2 units: 4 segments, above the default smsSegmentWarning of 3
const BODY = 'ç'.repeat(250);

class LongSms extends Notification {
  via(): string[] {
    return ['sms'];
  }
  toSms(): string {
    return BODY;
  }
}

@Injectable()
class LaterGate implements NotificationGate {
  readonly name = 'later';
  check(ctx: GateContext) {
    return ctx.stage === 'notify'
      ? GateDecisions.defer(ctx.now + 60_000, 'later')
      : GateDecisions.allow();
  }
}

class Increments extends NoopMetricsCollector {
  readonly seen: Array<[string, number, MetricLabels]> = [];
  override increment(name: string, value = 1, tags: MetricLabels = {}): void {
    this.seen.push([name, value, tags]);
  }
}

const user = (id: string) => ({ id, phone: '+15550001000' });

describe('SMS segments: counted once per notifier SMS', () => {
  let app: TestingModule;
  let warn: jest.SpyInstance;

  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    counted.mockClear();
  });
  afterEach(async () => {
    warn.mockRestore();
    await app?.close();
  });

  it('notify(): the renderer counts; the warning, the metric and the record use that count', async () => {
    const metrics = new Increments();
    app = await notifierTestApp({}, {}, { metrics });
    counted.mockClear();
    const result = await app.get(NotifierService).notify(user('u-once'), new LongSms());
    expect(counted).toHaveBeenCalledTimes(1);
    expect(counted).toHaveBeenCalledWith(BODY);
    const [delivery] = result.deliveries;
    expect(delivery).toMatchObject({ channel: 'sms', status: 'sent' });
    const record = await app.get<DeliveryStore>(DELIVERY_STORE).get(delivery.deliveryId);
    expect(record).toMatchObject({ smsSegments: 4, smsEncoding: 'UCS-2' });
    expect(metrics.seen).toContainEqual([
      'herald_notification_sms_segments_total',
      4,
      { type: 'LongSms', encoding: 'UCS-2' },
    ]);
    expect(warn.mock.calls.map((c) => String(c[0]))).toContainEqual(
      expect.stringContaining('LongSms: the SMS is 4 segments (UCS-2'),
    );
  });

  it('a deferred SMS carries its count in the plan: not counted again when it is due', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      app = await notifierTestApp({ inlineTimers: true }, { gates: [LaterGate] });
      counted.mockClear();
      const result = await app.get(NotifierService).notify(user('u-later'), new LongSms());
      expect(result.deliveries).toEqual([
        expect.objectContaining({ channel: 'sms', status: 'deferred' }),
      ]);
      await jest.advanceTimersByTimeAsync(61_000);
      const store = app.get<DeliveryStore>(DELIVERY_STORE);
      const records = await store.list({ notificationId: result.notificationId });
      expect(records).toEqual([
        expect.objectContaining({ status: 'sent', smsSegments: 4, smsEncoding: 'UCS-2' }),
      ]);
      expect(counted).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a direct send through reliable delivery (no notifier) still records the segments', async () => {
    app = await notifierTestApp();
    const delivery = app.get(DeliveryService);
    counted.mockClear();
    // `memory`: the backend name of NotificationModule.stub()'s SMS channel
    const sent = await delivery.send(SMS_ADAPTER, ['memory'], { to: '+15550001001', body: BODY });
    expect(counted).toHaveBeenCalledTimes(1);
    const record = await app.get<DeliveryStore>(DELIVERY_STORE).get(sent.deliveryId);
    expect(record).toMatchObject({ smsSegments: 4, smsEncoding: 'UCS-2' });
  });
});
