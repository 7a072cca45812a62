export { CapturingAlertDispatcher, type CapturedAlert } from './capturing-alert.dispatcher';
export {
  InMemoryTracerProvider,
  type InMemoryTracerProviderOptions,
} from '../tracing/in-memory-tracer.provider';
export {
  FakeSentryServer,
  parseSentryEnvelope,
  type SentryEnvelope,
  type SentryEnvelopeItem,
} from './fake-sentry.server';
