import type { EntityManager, QueryRunner } from 'typeorm';

/**
 * What `notify(..., { transaction })` takes, in TypeORM's own types: the
 * `EntityManager` of `dataSource.transaction(async (manager) => ...)`, or a
 * `QueryRunner` after `startTransaction()`.
 *
 * @example
 * await dataSource.transaction(async (manager) => {
 *   await manager.save(order);
 *   await notifier.notify(user, new OrderPlaced(order), { transaction: manager });
 * });
 */
export type TypeormNotifierTransaction = EntityManager | QueryRunner;
