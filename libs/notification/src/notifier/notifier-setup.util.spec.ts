import { HeraldConfigError } from '@herald/contracts';
import type { DeliveryService } from '../delivery/reliable/delivery.service.js';
import { resolveNotifierSetup } from './notifier-setup.util.js';

const inline = { queue: undefined } as unknown as DeliveryService;

describe('NotifierModule option smsSegmentWarning', () => {
  it('defaults to 3 and takes any integer of 1 or more', () => {
    expect(resolveNotifierSetup({}, inline).smsSegmentWarning).toBe(3);
    expect(resolveNotifierSetup({ smsSegmentWarning: 1 }, inline).smsSegmentWarning).toBe(1);
  });

  it.each([0, -1, 1.5, '2', null, Number.NaN])('refuses %p, naming the option', (value) => {
    const call = () => resolveNotifierSetup({ smsSegmentWarning: value as never }, inline);
    expect(call).toThrow(HeraldConfigError);
    expect(call).toThrow('smsSegmentWarning: must be an integer of 1 or more');
  });
});
