/** The `TopicStore` behind `TopicService` (memory or database, by `NotifierModule` option `store`). */
export const TOPIC_STORE: unique symbol = Symbol.for('herald:TOPIC_STORE') as any;
/** The fan-out of `notify(topic(...))` (internal: `TopicFanout`). */
export const TOPIC_FANOUT = 'HERALD:TOPIC_FANOUT';
