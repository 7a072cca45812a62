import { ConfigSection } from './schema/config-section';
import { Field } from './schema/config-field.decorator';
import { MonitorConfig } from './monitor/monitor.config';
import { NotificationConfig } from './notification/notification.config';

/** The whole configuration tree returned by `loadHeraldConfig()`. */
export class HeraldConfig extends ConfigSection {
  @Field.section(() => NotificationConfig) notification!: NotificationConfig;
  @Field.section(() => MonitorConfig) monitor!: MonitorConfig;
}
