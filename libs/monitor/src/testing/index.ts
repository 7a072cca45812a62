export { CapturingAlertDispatcher, type CapturedAlert } from './capturing-alert.dispatcher.js';
export {
  InMemoryTracerProvider,
  type InMemoryTracerProviderOptions,
} from '../tracing/in-memory-tracer.provider.js';
export {
  FakeSentryServer,
  parseSentryEnvelope,
  type SentryEnvelope,
  type SentryEnvelopeItem,
} from './fake-sentry.server.js';
export {
  FakePagerDutyServer,
  type PagerDutyEvent,
  type PagerDutyIncident,
} from './fake-pagerduty.server.js';
