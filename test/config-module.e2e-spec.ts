import { Injectable, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { HeraldConfig, MonitorConfig, loadHeraldConfig } from '@herald/contracts';

describe('loadHeraldConfig with @nestjs/config and forRootAsync-style factories', () => {
  it('feeds ConfigModule.forRoot({ load }) and keeps the typed sections', async () => {
    const app = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot({
          ignoreEnvFile: true,
          load: [
            () =>
              loadHeraldConfig({
                env: { HERALD_MONITOR__TRACING__SAMPLE_RATE: '0.25' },
                cwd: __dirname,
              }),
          ],
        }),
      ],
    }).compile();
    const config = app.get(ConfigService);
    expect(config.get<number>('monitor.tracing.sampleRate')).toBe(0.25);
    expect(config.get('monitor.tracing.serviceName')).toBe('herald-service');
    expect(config.get('notification.inbox.maxPageSize')).toBe(50);
    await app.close();
  });

  it('serves a factory provider the same way a forRootAsync useFactory would', async () => {
    @Injectable()
    class UsesConfig {
      constructor(readonly config: HeraldConfig) {}
    }
    @Module({
      providers: [
        {
          provide: HeraldConfig,
          useFactory: () =>
            loadHeraldConfig({ env: { HERALD_MONITOR__NAME: 'from-factory' }, cwd: __dirname }),
        },
        UsesConfig,
      ],
    })
    class AppModule {}
    const app = await Test.createTestingModule({ imports: [AppModule] }).compile();
    expect(app.get(UsesConfig).config.monitor).toBeInstanceOf(MonitorConfig);
    expect(app.get(UsesConfig).config.monitor.name).toBe('from-factory');
    await app.close();
  });

  it('fails at bootstrap with every problem listed', async () => {
    const build = Test.createTestingModule({
      providers: [
        {
          provide: HeraldConfig,
          useFactory: () =>
            loadHeraldConfig({
              env: {
                HERALD_MONITOR__TRACING__SAMPLE_RATE: '1.5',
                HERALD_MONITOR__OPENTELEMETRY__COMPRESSION: 'zip',
              },
              cwd: __dirname,
            }),
        },
      ],
    }).compile();
    await expect(build).rejects.toThrow(
      /monitor\.tracing\.sample_rate: must be between 0 and 1 \(got 1\.5\)[\s\S]*monitor\.opentelemetry\.compression/,
    );
  });
});
