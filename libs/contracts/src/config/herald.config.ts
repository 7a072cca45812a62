import { ConfigSection } from './schema/config-section.js';
import { Field } from './schema/config-field.decorator.js';
import { MonitorConfig } from './monitor/monitor.config.js';
import { NotificationConfig } from './notification/notification.config.js';

/** The whole configuration tree returned by `loadHeraldConfig()`. */
export class HeraldConfig extends ConfigSection {
  @Field.section(() => NotificationConfig) notification!: NotificationConfig;
  @Field.section(() => MonitorConfig) monitor!: MonitorConfig;
}
