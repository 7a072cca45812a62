import { NotifyArgumentError } from '../errors/notify-argument.error.js';

/**
 * The part of a TypeORM `QueryRunner` the outbox uses: the query runner of
 * the transaction `notify()` writes into. Described by shape so the notifier
 * names no database library; a TypeORM `QueryRunner` fits it.
 */
export interface TransactionRunnerLike {
  readonly isTransactionActive: boolean;
  readonly isReleased?: boolean;
  /** The runner's `DataSource`: it must be the one the notifier stores its records in. */
  readonly connection: object;
  query(query: string, parameters?: any[], useStructuredResult?: boolean): Promise<any>;
}

/**
 * A TypeORM transaction for `notify(..., { transaction })`: the
 * `EntityManager` that `dataSource.transaction(async (manager) => ...)` hands
 * you, or a `QueryRunner` after `startTransaction()`.
 */
export type NotifierTransaction = TransactionRunnerLike | { readonly queryRunner?: object };

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;

/**
 * The query runner of `transaction`, checked: a runner (or an
 * `EntityManager`'s) in an active transaction of `dataSource`. Typed errors
 * name what is wrong otherwise.
 */
export function transactionRunner(transaction: unknown, dataSource: object): TransactionRunnerLike {
  const field = 'options.transaction';
  if (!transaction || typeof transaction !== 'object') {
    throw new NotifyArgumentError(
      field,
      `must be a TypeORM EntityManager or QueryRunner inside a transaction (got ${describe(transaction)})`,
    );
  }
  const candidate =
    'isTransactionActive' in transaction
      ? transaction
      : (transaction as { queryRunner?: unknown }).queryRunner;
  const runner = candidate as Partial<TransactionRunnerLike> | undefined;
  if (!runner || typeof runner.query !== 'function' || runner.isTransactionActive !== true) {
    throw new NotifyArgumentError(
      field,
      'is not inside an active transaction: pass the EntityManager that dataSource.transaction(async (manager) => ...) hands you, or a QueryRunner after startTransaction()',
    );
  }
  if (runner.isReleased === true)
    throw new NotifyArgumentError(field, 'is a released QueryRunner; its transaction is over');
  if (runner.connection !== dataSource) {
    throw new NotifyArgumentError(
      field,
      "belongs to another DataSource than the notifier's records and outbox; open the transaction on that DataSource",
    );
  }
  return runner as TransactionRunnerLike;
}
