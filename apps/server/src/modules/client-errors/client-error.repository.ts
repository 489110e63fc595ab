import type { Database } from '../../db/client.js';
import { clientErrorReports } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';

export type NewClientError = {
  userId: number | null;
  storeCode: string | null;
  kind: string;
  message: string;
  stack: string;
  pageUrl: string;
  userAgent: string;
  release: string;
};

export function createClientErrorRepository(db: Database, clock: Clock) {
  return {
    async insert(report: NewClientError): Promise<void> {
      await db.insert(clientErrorReports).values({ ...report, createdAt: clock() });
    },
  };
}
