export {
  BaseAlertDispatcher,
  alertNameOf,
  metricAlertSeverity,
  type AlertDispatcherOptions,
  type AlertEventEmitter,
} from './alert-dispatcher.base';
export {
  LoggingAlertDispatcher,
  alertLogLevel,
  type LoggingAlertDispatcherOptions,
} from './logging-alert.dispatcher';
export {
  AlertmanagerAlertDispatcher,
  toAlertmanagerAlert,
  type AlertmanagerAlert,
  type AlertmanagerAlertDispatcherOptions,
} from './alertmanager-alert.dispatcher';
export {
  RoutingAlertDispatcher,
  type RoutingAlertDispatcherOptions,
} from './routing-alert.dispatcher';
export { buildAlertDispatcher } from './build-alert-dispatcher.util';
export { formatAlertContext } from './format-alert-context.util';
