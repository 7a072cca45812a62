/**
 * The PostgreSQL every benchmark uses: 127.0.0.1:5432, trust auth, database
 * `test` (README "The machine"); each bench works in a private schema.
 */
const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };

/** TypeORM data-source options on `schema` of that database, plus `more` (entities, migrations, extra). */
function pgDataSource(schema, more = {}) {
  return {
    type: 'postgres',
    host: PG.host,
    port: PG.port,
    username: PG.user,
    database: PG.database,
    schema,
    ...more,
  };
}

module.exports = { PG, pgDataSource };
