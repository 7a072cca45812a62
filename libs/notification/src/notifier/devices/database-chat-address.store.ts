import { createHash } from 'node:crypto';
import {
  maxParameters,
  runSql,
  SqlTableStore,
  type DataSourceSource,
} from '../../utils/sql-store.util.js';
import type { ChatAddress, ChatAddressRegistration } from './chat-address.js';
import type { ChatAddressStore } from './chat-address-store.protocol.js';
import { refuseChatAddressControls, refuseChatUserIdControls } from './chat-address-text.util.js';

/** Table of `CreateChatAddresses1736300000000`. */
export const CHAT_ADDRESS_TABLE = 'herald_chat_addresses';

const COLUMNS = 'user_id, address, created_at, updated_at';

interface Row {
  user_id: string;
  address: string;
  created_at: number | string;
  updated_at: number | string;
}

const idOf = (userId: string, address: string): string =>
  createHash('sha256').update(`${userId}\u0000${address}`).digest('hex');

const toAddress = (row: Row): ChatAddress => ({
  userId: row.user_id,
  address: row.address,
  createdAt: new Date(Number(row.created_at)),
  updatedAt: new Date(Number(row.updated_at)),
});

/**
 * Chat addresses in SQL through a TypeORM `DataSource` (SQLite or
 * PostgreSQL), table `herald_chat_addresses`; registering is one upsert.
 */
export class DatabaseChatAddressStore extends SqlTableStore implements ChatAddressStore {
  constructor(source: DataSourceSource) {
    super(source, CHAT_ADDRESS_TABLE);
  }

  async register({ userId, address }: ChatAddressRegistration): Promise<ChatAddress> {
    refuseChatAddressControls({ userId, address });
    const { ds, table, p } = this.sql();
    const now = Date.now();
    const [row] = await runSql<Row>(
      ds,
      `INSERT INTO ${table} (id, ${COLUMNS}) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)})
       ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at
       RETURNING ${COLUMNS}`,
      [idOf(userId, address), userId, address, now, now],
    );
    return toAddress(row);
  }

  async unregister(userId: string, address: string): Promise<ChatAddress | undefined> {
    refuseChatAddressControls({ userId, address });
    const { ds, table, p } = this.sql();
    const rows = await runSql<Row>(
      ds,
      `DELETE FROM ${table} WHERE id = ${p(1)} RETURNING ${COLUMNS}`,
      [idOf(userId, address)],
    );
    return rows[0] && toAddress(rows[0]);
  }

  async list(userIds: readonly string[]): Promise<ChatAddress[]> {
    refuseChatUserIdControls(userIds);
    const { ds, table, p } = this.sql();
    const unique = [...new Set(userIds)];
    const slice = maxParameters(ds);
    const out: ChatAddress[] = [];
    for (let start = 0; start < unique.length; start += slice) {
      const ids = unique.slice(start, start + slice);
      const rows = await runSql<Row>(
        ds,
        `SELECT ${COLUMNS} FROM ${table} WHERE user_id IN (${ids.map((_, i) => p(i + 1)).join(', ')})
         ORDER BY created_at, id`,
        ids,
      );
      out.push(...rows.map(toAddress));
    }
    return out;
  }
}
