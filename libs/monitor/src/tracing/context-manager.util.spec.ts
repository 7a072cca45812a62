import { ROOT_CONTEXT, context, createContextKey, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { hasGlobalContextManager } from './context-manager.util.js';
import { Tracer } from './tracer.js';

describe('context manager ownership', () => {
  afterEach(() => context.disable());

  it('leaves a context manager the user registered in place, before and after the tracer', async () => {
    const mine = new AsyncLocalStorageContextManager().enable();
    expect(context.setGlobalContextManager(mine)).toBe(true);
    const tracer = new Tracer('guest');
    const key = createContextKey('user.key');
    const span = tracer.startSpan('inside-user-setup');
    // Herald's spans live in the user's manager, next to the user's own values.
    context.with(ROOT_CONTEXT.setValue(key, 'v'), () =>
      tracer.withSpan(span, () => {
        expect(context.active().getValue(key)).toBe('v');
        expect(trace.getSpan(context.active())).toBe(span.otelSpan);
      }),
    );
    span.end();
    await tracer.shutdown();
    expect(hasGlobalContextManager()).toBe(true);
    expect((context as any)._getContextManager()).toBe(mine);
  });

  it('registers its own only when none is there, and removes it with the last tracer', async () => {
    expect(hasGlobalContextManager()).toBe(false);
    const a = new Tracer('a');
    const b = new Tracer('b');
    expect(hasGlobalContextManager()).toBe(true);
    await a.shutdown();
    expect(hasGlobalContextManager()).toBe(true);
    await b.shutdown();
    expect(hasGlobalContextManager()).toBe(false);
  });
});
