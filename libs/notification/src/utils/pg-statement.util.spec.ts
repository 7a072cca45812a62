import { QueryFailedError, type DataSource } from 'typeorm';
import { runOnPg, type PgClient, type PgDriver } from './pg-statement.util.js';

/** A pooled client with pg's callback form only, answering or failing once. */
function driverAnswering(answer: { rows: unknown[]; rowCount: number | null } | Error) {
  const calls: Array<{ name?: string; text: string; values: unknown[] }> = [];
  let released = 0;
  const client: PgClient = {
    query(config, callback) {
      calls.push(config);
      setImmediate(() =>
        answer instanceof Error ? callback(answer, undefined as never) : callback(null, answer),
      );
    },
  };
  const driver: PgDriver = {
    obtainMasterConnection: async () => [client, () => void released++],
  };
  return { driver, calls, released: () => released };
}

describe('runOnPg', () => {
  const logger = { logQuery: jest.fn(), logQuerySlow: jest.fn(), logQueryError: jest.fn() };
  const dataSource = { logger, options: {} } as unknown as DataSource;

  beforeEach(() => jest.clearAllMocks());

  it("answers through pg's callback form: rows, the affected count, a named statement when prepared", async () => {
    const pg = driverAnswering({ rows: [{ id: 1 }], rowCount: 1 });
    const answer = await runOnPg(dataSource, pg.driver, 'SELECT $1::int AS id', [1], true);
    expect(answer).toEqual({ records: [{ id: 1 }], affected: 1 });
    const again = await runOnPg(dataSource, pg.driver, 'SELECT $1::int AS id', [2], false);
    expect(again.records).toEqual([{ id: 1 }]);
    expect(pg.calls[0].name).toMatch(/^herald_[0-9a-f]{20}$/);
    expect(pg.calls[1].name).toBeUndefined();
    expect(pg.released()).toBe(2);
    expect(logger.logQuery).toHaveBeenCalledTimes(2);
  });

  it('a failure is a QueryFailedError, logged, and the connection is released', async () => {
    const pg = driverAnswering(new Error('relation "x" does not exist'));
    const failed = runOnPg(dataSource, pg.driver, 'SELECT * FROM x', [], true);
    await expect(failed).rejects.toBeInstanceOf(QueryFailedError);
    await expect(failed).rejects.toThrow(/relation "x" does not exist/);
    expect(logger.logQueryError).toHaveBeenCalledTimes(1);
    expect(pg.released()).toBe(1);
  });
});
