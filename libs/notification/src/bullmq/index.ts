/**
 * `@herald/notification/bullmq`: the parts typed by BullMQ, for apps that
 * queue deliveries on Redis (`npm install bullmq`). `DeliveryModule` with
 * `queue: 'bullmq'` builds the queue and worker itself; import from here to
 * build them in code (a worker in its own process, for example).
 */
export {
  BullmqDeliveryQueue,
  type BullmqDeliveryQueueOptions,
} from '../delivery/queue/bullmq-delivery.queue.js';
export {
  DeliveryWorker,
  DELIVERY_WORKER_DEFAULTS,
  type DeliveryWorkerOptions,
} from '../delivery/queue/delivery-worker.js';
export {
  connectionFromUrl,
  BullmqConnection,
  type BullmqQueueOptions,
} from '../delivery/queue/bullmq-connection.util.js';
export {
  BullmqNotifierScheduler,
  type BullmqNotifierSchedulerOptions,
} from '../notifier/queue/bullmq-notifier.scheduler.js';
export { NotifierWorker, type NotifierWorkerOptions } from '../notifier/queue/notifier-worker.js';
