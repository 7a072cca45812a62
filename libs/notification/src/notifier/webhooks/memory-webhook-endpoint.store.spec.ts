import { describeWebhookEndpointStoreContract } from './__fixtures__/webhook-endpoint-store.contract.js';
import { MemoryWebhookEndpointStore } from './memory-webhook-endpoint.store.js';

const store = new MemoryWebhookEndpointStore();
describeWebhookEndpointStoreContract('MemoryWebhookEndpointStore', () => store);
