/** `NotifierModule` option `topics`. */
export interface NotifierTopicOptions {
  /**
   * Subscribers read, planned and handed to reliable delivery at once (one
   * keyset page, one multi-row insert of delivery records, one `addBulk`).
   * 1 to 10,000. @default 1000
   */
  batchSize?: number;
  /**
   * Notification classes this process's fan-out worker may send to a
   * topic. With the BullMQ queue, `notify(topic(...))` enqueues one fan-out
   * job carrying the notification's own fields (JSON); the worker that runs
   * it rebuilds the notification from its class, found here by class name
   * (or known because this process notified one). List every class sent to
   * topics where workers run apart from the code that notifies. @default []
   */
  notifications?: Array<abstract new (...args: any[]) => object>;
  /** Fan-outs this process's worker runs at once (queued mode). @default 1 */
  concurrency?: number;
  /**
   * How long a fan-out job stays locked to a worker that stops answering
   * (killed): another worker then resumes it from its last checkpoint. @default 30000
   */
  lockDurationMs?: number;
}
