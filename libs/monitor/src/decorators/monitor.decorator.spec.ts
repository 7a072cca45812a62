import 'reflect-metadata';
import { Controller, Get, type LoggerService } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { InMemoryTracerProvider } from '../tracing/in-memory-tracer.provider.js';
import { Monitor, type MonitorLogLine } from './monitor.decorator.js';

class CapturingLogger implements LoggerService {
  readonly lines: Array<[string, MonitorLogLine]> = [];
  log(message: MonitorLogLine) {
    this.lines.push(['log', message]);
  }
  error(message: MonitorLogLine) {
    this.lines.push(['error', message]);
  }
  warn() {}
}

const logger = new CapturingLogger();
const tracing = new InMemoryTracerProvider();
afterAll(() => tracing.shutdown());
beforeEach(() => {
  logger.lines.length = 0;
  tracing.reset();
});

@Controller('billing')
class Billing {
  @Monitor(undefined, { logger, tracer: tracing })
  @Get('sum')
  sum(a: number, b: number) {
    return a + b;
  }
  @Monitor('billing.charge', { logArgs: true, logger, tracer: tracing })
  async charge(_order: object, _amount: number) {
    await new Promise((r) => setTimeout(r, 5));
    return 'charged';
  }
  @Monitor(undefined, { logger, tracer: tracing })
  fail(): never {
    throw new Error('card declined for password=hunter2');
  }
  @Monitor(undefined, { logger, tracer: tracing, logArgs: true })
  async failLater(_x: number): Promise<never> {
    await Promise.resolve();
    throw new TypeError('late');
  }
}

describe('@Monitor', () => {
  it('logs operation_start and operation_end with elapsed ms; default name ClassName.methodName', () => {
    expect(new Billing().sum(1, 2)).toBe(3);
    expect(logger.lines.map(([level, l]) => [level, l.event, l.operation])).toEqual([
      ['log', 'operation_start', 'Billing.sum'],
      ['log', 'operation_end', 'Billing.sum'],
    ]);
    expect(logger.lines[0][1].elapsed_ms).toBeUndefined();
    expect(logger.lines[1][1].elapsed_ms).toBeGreaterThanOrEqual(0);
    expect(logger.lines[0][1].args_count).toBeUndefined();
  });

  it('awaits async methods, logs the positional argument count with logArgs, never the values', async () => {
    await expect(new Billing().charge({ card: '4111' }, 10)).resolves.toBe('charged');
    const [start, end] = logger.lines.map(([, l]) => l);
    expect(start).toMatchObject({
      event: 'operation_start',
      operation: 'billing.charge',
      args_count: 2,
    });
    expect(end).toMatchObject({
      event: 'operation_end',
      operation: 'billing.charge',
      args_count: 2,
    });
    expect(end.elapsed_ms).toBeGreaterThan(0);
    expect(JSON.stringify(logger.lines)).not.toContain('4111');
  });

  it('logs operation_error (secrets redacted) and rethrows, sync and async', async () => {
    const billing = new Billing();
    expect(() => billing.fail()).toThrow('card declined');
    await expect(billing.failLater(1)).rejects.toThrow(TypeError);
    const errors = logger.lines.filter(([level]) => level === 'error').map(([, l]) => l);
    expect(errors.map((l) => [l.event, l.operation])).toEqual([
      ['operation_error', 'Billing.fail'],
      ['operation_error', 'Billing.failLater'],
    ]);
    expect(errors[0].error).toBe('Error: card declined for password=[REDACTED]');
    expect(errors[1].error).toBe('TypeError: late');
    expect(errors[1].elapsed_ms).toBeGreaterThanOrEqual(0);
    expect(tracing.getAllSpans().map((s) => s.status.code)).toEqual(['error', 'error']);
  });

  it('runs the call in a child span of the current one and puts its ids on each line', () => {
    const parent = tracing.startSpan('request');
    tracing.withSpan(parent, () => new Billing().sum(2, 2));
    parent.end();
    const span = tracing.getAllSpans().find((s) => s.name === 'Billing.sum')!;
    expect(span.parentSpanId).toBe(parent.spanId);
    expect(logger.lines[0][1]).toMatchObject({ trace_id: parent.traceId, span_id: span.spanId });
  });

  it('keeps the route metadata of the method', () => {
    expect(Reflect.getMetadata(PATH_METADATA, Billing.prototype.sum)).toBe('sum');
    expect(Billing.prototype.sum.name).toBe('sum');
  });
});
