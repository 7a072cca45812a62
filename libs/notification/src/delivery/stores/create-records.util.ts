import type { DeliveryRecord } from '../records/delivery-record.js';
import type { DeliveryStore, NewDeliveryRecord } from './delivery-store.protocol.js';

/** `store.createMany(inputs)` when the store has it, else one `create` after the other. */
export async function createRecords(
  store: DeliveryStore,
  inputs: readonly NewDeliveryRecord[],
): Promise<Array<{ record: DeliveryRecord; created: boolean }>> {
  if (inputs.length === 0) return [];
  if (store.createMany) return store.createMany(inputs);
  const out: Array<{ record: DeliveryRecord; created: boolean }> = [];
  for (const input of inputs) out.push(await store.create(input));
  return out;
}
