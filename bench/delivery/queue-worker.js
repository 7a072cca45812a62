/**
 * A worker process for queue.bench.js: `node queue-worker.js <herald|peer>`
 * with BENCH_QUEUE, BENCH_PREFIX, BENCH_TWILIO_URL in the environment. Herald:
 * a DeliveryWorker over the Twilio channel; peer: a plain BullMQ Worker
 * calling the same channel. Prints "ready"; SIGTERM closes gracefully and prints `cpu <µs>`, the CPU time since "ready".
 */
const { NamedSMSConfig } = require('@herald/contracts');
const {
  createSmsChannel,
  createDeliveryService,
  DeliveryTelemetry,
} = require('@herald/notification');
const { DeliveryWorker, connectionFromUrl } = require('@herald/notification/bullmq');
const { Worker } = require('bullmq');

const [mode] = process.argv.slice(2);
const { BENCH_QUEUE: queueName, BENCH_PREFIX: prefix, BENCH_TWILIO_URL: baseUrl } = process.env;
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);

const channel = createSmsChannel(
  new NamedSMSConfig({
    name: 'tw',
    driver: 'twilio',
    twilio: {
      accountSid: 'AC00000000000000000000000000000000',
      authToken: 'test-auth-token',
      fromNumber: '+15005550006',
      baseUrl,
    },
  }),
  new DeliveryTelemetry(),
);

let worker;
if (mode === 'herald') {
  const service = createDeliveryService({ retryAttempts: 3, retryBaseMs: 10 });
  service.register('sms', channel);
  worker = new DeliveryWorker(service, { queueName, prefix, concurrency });
} else {
  worker = new Worker(queueName, (job) => channel.send(job.data), {
    connection: connectionFromUrl(),
    prefix,
    concurrency,
  });
}
worker.on?.('error', () => undefined);
let cpuAtReady;
(worker.ready ? worker.ready() : worker.waitUntilReady()).then(() => {
  cpuAtReady = process.cpuUsage();
  process.stdout.write('ready\n');
});
// On SIGTERM: close, then print the CPU time (µs) spent since "ready" (`cpu <µs>`).
process.once(
  'SIGTERM',
  () =>
    void worker.close().then(() => {
      const { user, system } = process.cpuUsage(cpuAtReady);
      process.stdout.write(`cpu ${user + system}\n`, () => process.exit(0));
    }),
);
