/** The `DeliveryConfig` one module uses (internal). */
export const DELIVERY_CONFIG = 'HERALD:DELIVERY_CONFIG';
/**
 * The `DeliveryStore` of the module: memory or database by config; override
 * it (`overrideProvider(DELIVERY_STORE)`) to bring your own.
 */
export const DELIVERY_STORE = 'HERALD:DELIVERY_STORE';
/** Name of the queue health check in `HEALTH_CHECK_REGISTRY`. */
export const DELIVERY_QUEUE_HEALTH_CHECK = 'notification.delivery.queue';
