import 'reflect-metadata';
import { Controller, Get } from '@nestjs/common';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { MetricsCollector } from '../metrics/collector/metrics-collector.js';
import type { Histogram } from '../metrics/instruments/histogram.js';
import { bindMeteredCollector, Metered } from './metered.decorator.js';

@Controller('orders')
class Orders {
  @Metered()
  @Get(':id')
  find(id: string) {
    return { id };
  }

  @Metered('orders.save', { service: 'shop' })
  async save(fail: boolean) {
    await new Promise((r) => setTimeout(r, 5));
    if (fail) throw new Error('rejected');
    return 'saved';
  }

  @Metered()
  explode() {
    throw new TypeError('sync boom');
  }
}

describe('@Metered()', () => {
  const collector = new MetricsCollector();
  const orders = new Orders();
  bindMeteredCollector(orders, collector);

  it('records sync calls under ClassName.methodName.duration and keeps route metadata', () => {
    expect(orders.find('7')).toEqual({ id: '7' });
    const h = collector.getMetric('Orders.find.duration') as Histogram;
    expect(h.name).toBe('orders_find_duration');
    expect(h.getSampleCount({ status: 'ok' })).toBe(1);
    expect(Reflect.getMetadata(PATH_METADATA, Orders.prototype.find)).toBe(':id');
    expect(Reflect.getMetadata(METHOD_METADATA, Orders.prototype.find)).toBe(0);
    expect(Orders.prototype.find.name).toBe('find');
    expect(Orders.prototype.find.length).toBe(1);
  });

  it('records async calls with the given name and service, errors included and rethrown', async () => {
    await expect(orders.save(false)).resolves.toBe('saved');
    await expect(orders.save(true)).rejects.toThrow('rejected');
    const h = collector.getMetric('orders.save') as Histogram;
    expect(h.getSampleCount({ status: 'ok', service: 'shop' })).toBe(1);
    expect(h.getSampleCount({ status: 'error', service: 'shop' })).toBe(1);
    expect(h.getObservations({ status: 'ok', service: 'shop' })[0]).toBeGreaterThan(0.003);
  });

  it('records a sync throw and rethrows the same error', () => {
    expect(() => orders.explode()).toThrow(TypeError);
    expect(
      (collector.getMetric('Orders.explode.duration') as Histogram).getSampleCount({
        status: 'error',
      }),
    ).toBe(1);
  });

  it('an instance without a collector runs unchanged', () => {
    expect(new Orders().find('1')).toEqual({ id: '1' });
  });
});
