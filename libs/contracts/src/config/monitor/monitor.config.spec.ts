import { HeraldConfigError } from '../../errors/herald-config.error.js';
import { MonitorConfig } from './monitor.config.js';

describe('MonitorConfig', () => {
  it('fills the SPEC tree with defaults', () => {
    const config = new MonitorConfig();
    expect(config).toMatchObject({
      enabled: true,
      name: 'monitor',
      backendType: 'noop',
      environment: 'development',
      debug: false,
    });
    expect(config.metrics.maxObservations).toBe(1000);
    expect(config.prometheus).toMatchObject({ port: 8000, path: '/metrics', standalone: false });
    expect(config.opentelemetry.compression).toBe('none');
  });

  it('rejects a bad compression, backend type and metric prefix with every problem listed', () => {
    const config = new MonitorConfig({
      backendType: 'statsd',
      opentelemetry: { compression: 'brotli' },
      metrics: { prefix: '9bad' },
    });
    expect(() => config.validate('monitor')).toThrow(HeraldConfigError);
    try {
      config.validate('monitor');
    } catch (error) {
      const paths = (error as HeraldConfigError).problems.map((p) => p.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          'monitor.backend_type',
          'monitor.opentelemetry.compression',
          'monitor.metrics.prefix',
        ]),
      );
    }
  });

  it('an SLO list item that is not a mapping is a problem, not a TypeError (found by the config fuzz)', () => {
    for (const item of [null, 'p99', 7, ['a']]) {
      const config = new MonitorConfig({
        slo: { slos: [{ name: 'a', metric: 'm' }, item] },
      } as object);
      const problems = config.collectProblems().map((p) => `${p.path}: ${p.message}`);
      expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^slo\.slos\[1\]/)]));
    }
  });

  it('validateForEnvironment() flags risky production settings', () => {
    const risky = new MonitorConfig({
      environment: 'production',
      debug: true,
      backendType: 'opentelemetry',
      opentelemetry: { endpoint: 'http://collector.example.com:4318', insecure: true },
      errorTracking: { sendDefaultPii: true },
    });
    const issues = risky.validateForEnvironment();
    expect(issues.map((i) => [i.path, i.severity])).toEqual([
      ['monitor.debug', 'warning'],
      ['monitor.opentelemetry.endpoint', 'error'],
      ['monitor.opentelemetry.insecure', 'warning'],
      ['monitor.prometheus.auth_token', 'warning'],
      ['monitor.error_tracking.send_default_pii', 'warning'],
    ]);
    expect(issues[1].message).toContain('http://collector.example.com:4318');
  });

  it('validateForEnvironment() is quiet for a safe production config and outside production', () => {
    const safe = new MonitorConfig({
      backendType: 'opentelemetry',
      opentelemetry: { endpoint: 'https://collector.example.com' },
      prometheus: { authToken: 'x' },
    });
    expect(safe.validateForEnvironment('production')).toEqual([]);
    expect(new MonitorConfig({ debug: true }).validateForEnvironment()).toEqual([]);
    expect(new MonitorConfig({ debug: true }).validateForEnvironment('prod')).toHaveLength(2);
  });

  it('getBackendConfig() returns the selected backend section or undefined', () => {
    const prom = new MonitorConfig({ backendType: 'prometheus' });
    expect(prom.getBackendConfig()).toBe(prom.prometheus);
    const otel = new MonitorConfig({ backendType: 'opentelemetry' });
    expect(otel.getBackendConfig()).toBe(otel.opentelemetry);
    expect(new MonitorConfig({ backendType: 'memory' }).getBackendConfig()).toBeUndefined();
    expect(new MonitorConfig().getBackendConfig()).toBeUndefined();
  });
});
