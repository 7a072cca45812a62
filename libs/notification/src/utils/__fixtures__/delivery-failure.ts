import { DeliveryError } from '../../errors/delivery.error.js';

/** The `DeliveryError` that `promise` rejects with; fails the test if it resolves or rejects otherwise. */
export async function deliveryFailure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}
