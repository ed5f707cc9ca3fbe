import type { Database } from '../../db/connection.ts';

export interface PruneTask {
  name: string;
  pruneBatch(db: Database, now: Date, limit: number): Promise<number>;
}
