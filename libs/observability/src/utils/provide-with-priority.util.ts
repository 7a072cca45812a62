import type {
  ClassProvider,
  ExistingProvider,
  FactoryProvider,
  Provider,
  ValueProvider,
} from '@nestjs/common';

type TokenProvider = ClassProvider | ValueProvider | FactoryProvider | ExistingProvider;

/**
 * The token under which a real implementation announces itself for `token`.
 * `ObservabilityModule` looks for it (optionally) when it builds its stand-in.
 */
export function getPriorityToken(token: symbol): symbol {
  return Symbol.for(`herald:priority:${token.description ?? String(token)}`);
}

/**
 * Binds a real implementation so that it wins over `ObservabilityModule`'s
 * no-op stand-in whatever the import order. It returns two providers: the
 * implementation under the priority token, and `token` as an alias of it. The
 * module that uses it must be global and export both tokens
 * (`[token, getPriorityToken(token)]`).
 *
 * Why this works: `ObservabilityModule` builds each stand-in with a factory
 * that injects the priority token as an optional dependency, so when a real
 * implementation is registered anywhere global, both modules hand out the very
 * same instance and it no longer matters which one Nest resolves first.
 *
 * @example providers: [...provideWithPriority({ provide: METRICS_COLLECTOR, useClass: MetricsCollector })]
 */
export function provideWithPriority(provider: TokenProvider): Provider[] {
  const token = provider.provide;
  if (typeof token !== 'symbol') {
    throw new TypeError(
      'provideWithPriority() takes one of the Symbol tokens of @herald/contracts.',
    );
  }
  const priority = getPriorityToken(token);
  return [
    { ...provider, provide: priority } as Provider,
    { provide: token, useExisting: priority },
  ];
}
