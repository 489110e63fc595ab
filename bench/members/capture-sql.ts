// Runs each benchmark case once through the members service against a drizzle instance that records every
// query, and prints them as JSON: the bare handler runs exactly this SQL.
// Usage: tsx bench/members/capture-sql.ts <databaseUrl> <cases.json>
import { memberStoreFilters, type MemberStoreListBody } from '@console/contract';
import { internalClient } from '../../apps/server/src/http/client.js';
import { createAuditLog } from '../../apps/server/src/modules/audit/audit-log.js';
import {
  createMembersService,
  type MemberActor,
} from '../../apps/server/src/modules/members/members.service.js';
import { captureCases } from '../support/recording-db.js';

type BenchCase = {
  name: string;
  kind: 'inquiry' | 'profile' | 'list';
  actor: { storeId: number; storeCode: string; userId: number; sessionId: number };
  query: Record<string, string>;
  body?: MemberStoreListBody;
};

await captureCases<BenchCase>((db) => {
  const clock = () => new Date();
  const service = createMembersService({ db, clock, audit: createAuditLog(db, clock) });
  return async (c) => {
    const actor: MemberActor = {
      ...c.actor,
      client: internalClient('127.0.0.1'),
      can: { tag: true, assign: true, follow: true },
    };
    if (c.kind === 'inquiry') await service.inquiry(actor, c.query.keywords!);
    else if (c.kind === 'profile') await service.profile(actor, c.query.memberId!);
    else await service.storeList(actor, memberStoreFilters.request.parse(c.body));
  };
});
