export {
  BaseAlertDispatcher,
  type AlertDispatcherOptions,
  type AlertEventEmitter,
} from './alert-dispatcher.base';
export {
  LoggingAlertDispatcher,
  type LoggingAlertDispatcherOptions,
} from './logging-alert.dispatcher';
export {
  AlertmanagerAlertDispatcher,
  type AlertmanagerAlertDispatcherOptions,
} from './alertmanager-alert.dispatcher';
export {
  RoutingAlertDispatcher,
  type RoutingAlertDispatcherOptions,
} from './routing-alert.dispatcher';
export { buildAlertDispatcher } from './build-alert-dispatcher.util';
