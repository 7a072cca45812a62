export {
  BaseAlertDispatcher,
  type AlertDispatcherOptions,
  type AlertEventEmitter,
} from './alert-dispatcher.base.js';
export {
  LoggingAlertDispatcher,
  type LoggingAlertDispatcherOptions,
} from './logging-alert.dispatcher.js';
export {
  AlertmanagerAlertDispatcher,
  type AlertmanagerAlertDispatcherOptions,
} from './alertmanager-alert.dispatcher.js';
export {
  RoutingAlertDispatcher,
  type RoutingAlertDispatcherOptions,
} from './routing-alert.dispatcher.js';
export type { AlertmanagerAuthOptions } from './alertmanager-target.util.js';
export { SlackAlertDispatcher, type ChatAlertDispatcherOptions } from './slack-alert.dispatcher.js';
export { TeamsAlertDispatcher } from './teams-alert.dispatcher.js';
export {
  PagerDutyAlertDispatcher,
  type PagerDutyAlertDispatcherOptions,
} from './pagerduty-alert.dispatcher.js';
