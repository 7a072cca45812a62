import 'reflect-metadata';
import { Controller, Get, Injectable, Module, UseGuards, type CanActivate } from '@nestjs/common';
import { EventEmitter2, EventEmitterModule, OnEvent } from '@nestjs/event-emitter';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { InMemoryTracerProvider } from '../tracing/in-memory-tracer.provider.js';
import { registerDefaultTracer } from '../tracing/default-tracer.util.js';
import { MAX_ARGUMENT_LENGTH } from './describe-arguments.util.js';
import { Traced } from './traced.decorator.js';

const tracing = new InMemoryTracerProvider();
let unregister: () => void;
beforeAll(() => (unregister = registerDefaultTracer(tracing)));
afterAll(async () => {
  unregister();
  await tracing.shutdown();
});
beforeEach(() => tracing.reset());

class Orders {
  factor = 3;
  @Traced()
  triple(n: number) {
    return n * this.factor;
  }
  @Traced('orders.load', { service: 'orders-db' })
  async load(id: string, _opts: object) {
    await new Promise((r) => setTimeout(r, 1));
    return { id, nested: tracing.getCurrentSpan()?.name };
  }
  @Traced()
  explode(): never {
    throw new RangeError('sync failure');
  }
  @Traced()
  async reject(): Promise<never> {
    throw new Error('async failure');
  }
  @Traced()
  static make() {
    return new Orders();
  }
}

describe('@Traced', () => {
  it('names spans ClassName.methodName by default and returns the sync result', () => {
    expect(new Orders().triple(2)).toBe(6);
    expect(Orders.make()).toBeInstanceOf(Orders);
    expect(tracing.getAllSpans().map((s) => [s.name, s.kind, s.status.code])).toEqual([
      ['Orders.triple', 'internal', 'unset'],
      ['Orders.make', 'internal', 'unset'],
    ]);
  });

  it('runs async methods inside the span, records service, arguments (redacted, truncated)', async () => {
    const long = 'x'.repeat(1000);
    const result = await new Orders().load(long, {
      password: 'hunter2',
      user: 'ann',
      token: 'abc',
    });
    expect(result.nested).toBe('orders.load');
    const [span] = tracing.getAllSpans();
    expect(span.name).toBe('orders.load');
    expect(span.attributes['service.name']).toBe('orders-db');
    const args = span.events.find((e) => e.name === 'arguments')!.attributes;
    expect(args['args.count']).toBe(2);
    expect(String(args['args.0'])).toHaveLength(MAX_ARGUMENT_LENGTH);
    expect(String(args['args.0']).endsWith('…')).toBe(true);
    expect(args['args.1']).toBe('{"password":"[REDACTED]","user":"ann","token":"[REDACTED]"}');
    expect(span.getDuration()).toBeGreaterThan(0);
  });

  it('records exceptions with ERROR status and rethrows them, sync and async', async () => {
    const orders = new Orders();
    expect(() => orders.explode()).toThrow(RangeError);
    await expect(orders.reject()).rejects.toThrow('async failure');
    const spans = tracing.getAllSpans();
    expect(spans.map((s) => s.status)).toEqual([
      { code: 'error', message: 'sync failure' },
      { code: 'error', message: 'async failure' },
    ]);
    expect(spans[0].events.find((e) => e.name === 'exception')?.attributes['exception.type']).toBe(
      'RangeError',
    );
  });

  it('nests as a child of the current span', () => {
    const parent = tracing.startSpan('request');
    tracing.withSpan(parent, () => new Orders().triple(1));
    parent.end();
    const child = tracing.getAllSpans().find((s) => s.name === 'Orders.triple')!;
    expect(child.parentSpanId).toBe(parent.spanId);
    expect(child.traceId).toBe(parent.traceId);
  });

  it('keeps routes, guards and @OnEvent working in a Nest app', async () => {
    const guardCalls: string[] = [];
    class Guard implements CanActivate {
      canActivate() {
        guardCalls.push('guard');
        return true;
      }
    }
    const received: string[] = [];
    @Controller('traced')
    class TracedController {
      @Traced()
      @Get('ping')
      @UseGuards(Guard)
      ping() {
        return { pong: true };
      }
    }
    @Injectable()
    class Listener {
      @Traced()
      @OnEvent('thing.happened')
      handle(payload: string) {
        received.push(payload);
      }
    }
    @Module({
      imports: [EventEmitterModule.forRoot()],
      controllers: [TracedController],
      providers: [Listener],
    })
    class AppModule {}
    const ref = await Test.createTestingModule({ imports: [AppModule] }).compile();
    const app = ref.createNestApplication({ logger: false });
    await app.init();
    try {
      await request(app.getHttpServer()).get('/traced/ping').expect(200, { pong: true });
      ref.get(EventEmitter2).emit('thing.happened', 'hello');
      expect(guardCalls).toEqual(['guard']);
      expect(received).toEqual(['hello']);
      expect(tracing.getAllSpans().map((s) => s.name)).toEqual([
        'TracedController.ping',
        'Listener.handle',
      ]);
    } finally {
      await app.close();
    }
  });

  it('costs nothing visible with the no-op tracer (no spans, same results)', () => {
    unregister();
    try {
      expect(new Orders().triple(5)).toBe(15);
      expect(tracing.getAllSpans()).toEqual([]);
    } finally {
      unregister = registerDefaultTracer(tracing);
    }
  });
});
