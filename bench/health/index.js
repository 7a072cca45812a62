#!/usr/bin/env node
/**
 * /health under load: requests per second and p99 latency with three trivial
 * checks, same run, same load generator (autocannon, 127.0.0.1):
 *   - herald-nest:     Herald's HealthCheckRunner behind a Nest 11 controller (Express), as the demo and
 *                      examples/health.controller.ts do: status, Cache-Control and Content-Type set on
 *                      the response, the body returned already serialised by healthResponseJson()
 *   - herald-nest-mw:  Herald's createHealthMiddleware mounted with app.use() (Express, before Nest routing)
 *   - terminus-nest:   @nestjs/terminus HealthCheckService with the same three checks behind a Nest controller
 *   - herald-attached: Herald's attachHealthProbes() on the Nest app's http.Server, ahead of Express
 *   - bare:            a bare node:http handler running the three checks itself
 *   - nest-constant:   reference only: a Nest controller returning a constant (the ceiling of any controller)
 * herald-nest and nest-constant are two plain Nest apps alike (no MonitorModule, so no global
 * interceptor, guard or filter on either side); they differ only by their controller.
 * Each server runs in its own child process so it does not share a core with
 * the load generator; variants are measured in interleaved rounds and the
 * median of each is reported. Requires the built packages (npm run build).
 */
require('reflect-metadata');
const { fork } = require('node:child_process');
const path = require('node:path');
const autocannon = require('autocannon');
const { median, report, round, summarise } = require('../harness');

const VARIANTS = [
  'bare',
  'herald-attached',
  'herald-nest-mw',
  'herald-nest',
  'terminus-nest',
  'nest-constant',
];
const DURATION = Number(process.env.BENCH_HEALTH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_HEALTH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_HEALTH_CONNECTIONS ?? 32);
/**
 * Another built checkout of Herald (e.g. the main branch): its herald-nest is served too, as
 * `herald-nest@baseline`, in the same interleaved rounds, to compare two versions under the same load.
 */
const BASELINE = process.env.BENCH_HEALTH_BASELINE;

/** The three trivial checks every variant runs. */
const CHECKS = { alpha: () => true, beta: async () => true, gamma: () => ({ ok: 1 }) };

async function nestApp(setup) {
  const { Module, Controller, Get, Inject } = require('@nestjs/common');
  const { NestFactory } = require('@nestjs/core');
  return setup({ Module, Controller, Get, Inject, NestFactory });
}

const servers = {
  async bare() {
    const http = require('node:http');
    const server = http.createServer(async (req, res) => {
      if (req.url !== '/health') {
        res.statusCode = 404;
        return res.end();
      }
      const checks = {};
      let ok = true;
      for (const [name, fn] of Object.entries(CHECKS)) {
        const out = await fn();
        const healthy = out !== false;
        ok &&= healthy;
        checks[name] = { status: healthy ? 'healthy' : 'unhealthy' };
      }
      const body = JSON.stringify({
        status: ok ? 'healthy' : 'unhealthy',
        timestamp: Date.now() / 1000,
        checks,
      });
      res.writeHead(ok ? 200 : 503, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
      });
      res.end(body);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server.address().port;
  },

  async 'herald-attached'() {
    const { HealthCheckRunner, attachHealthProbes } = require('@herald/monitor');
    return nestApp(async ({ Module, NestFactory }) => {
      class AppModule {}
      Module({})(AppModule);
      const app = await NestFactory.create(AppModule, { logger: false });
      const runner = heraldRunner(HealthCheckRunner);
      attachHealthProbes(app.getHttpServer(), { checker: runner });
      await app.listen(0, '127.0.0.1');
      return app.getHttpServer().address().port;
    });
  },

  async 'herald-nest-mw'() {
    const { HealthCheckRunner, createHealthMiddleware } = require('@herald/monitor');
    return nestApp(async ({ Module, NestFactory }) => {
      class AppModule {}
      Module({})(AppModule);
      const app = await NestFactory.create(AppModule, { logger: false });
      app.use(createHealthMiddleware({ checker: heraldRunner(HealthCheckRunner) }));
      await app.listen(0, '127.0.0.1');
      return app.getHttpServer().address().port;
    });
  },

  async 'herald-nest'() {
    const monitor = require('@herald/monitor');
    const { HealthCheckRunner, healthResponseJson, httpStatusFor } = monitor;
    const { Res } = require('@nestjs/common');
    return nestApp(async ({ Module, Controller, Get, Inject, NestFactory }) => {
      // examples/health.controller.ts: the body goes out already serialised (healthResponseJson)
      class HealthController {
        constructor(runner) {
          this.runner = runner;
        }
        async check(res) {
          const [status, checks] = await this.runner.runAllWithSummary();
          res
            .status(httpStatusFor(status))
            .setHeader('Cache-Control', 'no-store')
            .setHeader('Content-Type', 'application/json; charset=utf-8');
          return healthResponseJson(status, checks, true);
        }
      }
      Inject(HealthCheckRunner)(HealthController, undefined, 0);
      Res({ passthrough: true })(HealthController.prototype, 'check', 0);
      Get()(
        HealthController.prototype,
        'check',
        Object.getOwnPropertyDescriptor(HealthController.prototype, 'check'),
      );
      Controller('health')(HealthController);
      class AppModule {}
      Module({
        controllers: [HealthController],
        providers: [{ provide: HealthCheckRunner, useValue: heraldRunner(HealthCheckRunner) }],
      })(AppModule);
      const app = await NestFactory.create(AppModule, { logger: false });
      await app.listen(0, '127.0.0.1');
      return app.getHttpServer().address().port;
    });
  },

  async 'nest-constant'() {
    return nestApp(async ({ Module, Controller, Get, NestFactory }) => {
      class HealthController {
        check() {
          return { status: 'healthy' };
        }
      }
      const descriptor = Object.getOwnPropertyDescriptor(HealthController.prototype, 'check');
      Get()(HealthController.prototype, 'check', descriptor);
      Controller('health')(HealthController);
      class AppModule {}
      Module({ controllers: [HealthController] })(AppModule);
      const app = await NestFactory.create(AppModule, { logger: false });
      await app.listen(0, '127.0.0.1');
      return app.getHttpServer().address().port;
    });
  },

  async 'terminus-nest'() {
    const { TerminusModule, HealthCheckService, HealthCheck } = require('@nestjs/terminus');
    return nestApp(async ({ Module, Controller, Get, Inject, NestFactory }) => {
      const indicators = Object.entries(CHECKS).map(([name, fn]) => async () => {
        const out = await fn();
        return { [name]: { status: out !== false ? 'up' : 'down' } };
      });
      class HealthController {
        constructor(health) {
          this.health = health;
        }
        check() {
          return this.health.check(indicators);
        }
      }
      Inject(HealthCheckService)(HealthController, undefined, 0);
      const descriptor = Object.getOwnPropertyDescriptor(HealthController.prototype, 'check');
      HealthCheck()(HealthController.prototype, 'check', descriptor);
      Get()(HealthController.prototype, 'check', descriptor);
      Controller('health')(HealthController);
      class AppModule {}
      Module({
        imports: [TerminusModule.forRoot({ logger: false })],
        controllers: [HealthController],
      })(AppModule);
      const app = await NestFactory.create(AppModule, { logger: false });
      await app.listen(0, '127.0.0.1');
      return app.getHttpServer().address().port;
    });
  },
};

/** Herald's runner as an application would configure it: results cached for 5 s, refreshed in the background. */
function heraldRunner(HealthCheckRunner) {
  const runner = new HealthCheckRunner({ cacheTtlMs: 5000 });
  for (const [name, fn] of Object.entries(CHECKS)) runner.add(name, fn);
  return runner;
}

function load(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function startServer(variant) {
  const [name, at] = variant.split('@');
  const dir = at === 'baseline' ? path.resolve(BASELINE) : path.join(__dirname, '..', '..');
  const child = fork(path.join(dir, 'bench', 'health', 'index.js'), ['serve', name], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${variant} server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}/health`;
  const probe = await fetch(url);
  if (probe.status !== 200) throw new Error(`${variant}: GET /health answered ${probe.status}`);
  await load(url, 1); // warm-up
  return { child, url };
}

/** CPU time (user + system, microseconds) the server process has used so far. */
function serverCpu(child) {
  return new Promise((resolve) => {
    child.once('message', (usage) => resolve(usage.user + usage.system));
    child.send('cpu');
  });
}

async function measureOnce(variant, { child, url }) {
  const cpuBefore = await serverCpu(child);
  const result = await load(url, DURATION);
  const cpu = (await serverCpu(child)) - cpuBefore;
  if (result.non2xx || result.errors)
    throw new Error(`${variant}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    reqPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    cpuUsPerRequest: cpu / result.requests.total,
  };
}

async function main() {
  if (process.argv[2] === 'serve') {
    const port = await servers[process.argv[3]]();
    process.send(port);
    process.on('message', () => process.send(process.cpuUsage()));
    return;
  }
  const only = process.env.BENCH_HEALTH_VARIANTS?.split(',');
  const variants = VARIANTS.filter((v) => !only || only.includes(v));
  if (BASELINE) variants.push('herald-nest@baseline');
  const running = {};
  const samples = Object.fromEntries(variants.map((v) => [v, []]));
  try {
    for (const variant of variants) running[variant] = await startServer(variant);
    // interleaved rounds, medians kept: a busy machine disturbs every variant alike
    for (let r = 0; r < ROUNDS; r++) {
      for (const variant of variants) {
        samples[variant].push(await measureOnce(variant, running[variant]));
      }
    }
  } finally {
    for (const { child } of Object.values(running)) child.kill('SIGKILL');
  }
  const results = {};
  for (const variant of variants) {
    results[variant] = {
      reqPerSec: round(median(samples[variant].map((x) => x.reqPerSec))),
      p99Ms: median(samples[variant].map((x) => x.p99Ms)),
      // server CPU per request: less sensitive than req/s to other load on the machine
      cpuUsPerRequest: round(median(samples[variant].map((x) => x.cpuUsPerRequest))),
    };
    console.error(`${variant}: ${JSON.stringify(results[variant])}`);
  }
  const ratio = (a, b) =>
    results[a] && results[b] ? round(results[a].reqPerSec / results[b].reqPerSec, 3) : undefined;
  const cpuRatio = (a, b) =>
    results[a] && results[b]
      ? round(results[a].cpuUsPerRequest / results[b].cpuUsPerRequest, 3)
      : undefined;
  // Per round: req/s and server CPU per request of the same round, median ratio and spread.
  const paired = (a, b, field) =>
    samples[a] && samples[b]
      ? summarise(
          samples[a].map((x, r) => ({ herald: x[field], peer: samples[b][r][field] })),
          field === 'reqPerSec' ? 'req/s' : 'server CPU µs/request',
        )
      : undefined;
  const vsConstant = paired('herald-nest', 'nest-constant', 'reqPerSec');
  const cpuVsConstant = paired('herald-nest', 'nest-constant', 'cpuUsPerRequest');
  const baselineCpuVsConstant = paired('herald-nest@baseline', 'nest-constant', 'cpuUsPerRequest');
  report('health', results, {
    heraldNestVsNestConstant: vsConstant && {
      ...vsConstant,
      target: 0.9,
      met: vsConstant.ratio >= 0.9,
      note: 'req/s of /health through a Nest controller (Herald runner, 3 checks, details, body from healthResponseJson) / a Nest controller returning a constant; higher is better',
    },
    ...(baselineCpuVsConstant && {
      baselineHeraldNestVsNestConstantCpu: {
        ...baselineCpuVsConstant,
        baseline: path.resolve(BASELINE),
        note: 'same as heraldNestVsNestConstantCpu, herald-nest served by the BENCH_HEALTH_BASELINE checkout',
      },
    }),
    heraldNestVsNestConstantCpu: cpuVsConstant && {
      ...cpuVsConstant,
      note: 'server CPU per request, Herald / constant (lower is better): less sensitive than req/s to the load generator sharing the 2 cores',
    },
    setup: {
      durationSeconds: DURATION,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      checks: Object.keys(CHECKS),
    },
    ratios: {
      heraldNestVsTerminusNest: ratio('herald-nest', 'terminus-nest'),
      heraldNestMiddlewareVsTerminusNest: ratio('herald-nest-mw', 'terminus-nest'),
      heraldAttachedVsTerminusNest: ratio('herald-attached', 'terminus-nest'),
      heraldAttachedVsBare: ratio('herald-attached', 'bare'),
      nestConstantVsTerminusNest: ratio('nest-constant', 'terminus-nest'),
    },
    cpuRatios: {
      terminusNestVsHeraldNest: cpuRatio('terminus-nest', 'herald-nest'),
      terminusNestVsHeraldNestMiddleware: cpuRatio('terminus-nest', 'herald-nest-mw'),
      bareVsHeraldAttached: cpuRatio('bare', 'herald-attached'),
    },
    targets: { heraldVsTerminusNest: 1.5, heraldAttachedVsBare: 0.8 },
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
