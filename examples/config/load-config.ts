import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { loadHeraldConfig, MonitorConfig } from '@herald/contracts';

// What `forRootAsync` factories do: the YAML file and HERALD_* env, with values from code on top.
@Module({
  imports: [
    ConfigModule.forRoot({
      load: [() => loadHeraldConfig({ overrides: { monitor: { debug: false } } })],
    }),
  ],
})
export class AppConfigModule {}

// One section, validated on its own (throws HeraldConfigError listing every problem).
export const monitor = new MonitorConfig({ tracing: { sampleRate: 0.5 } }).validate();
