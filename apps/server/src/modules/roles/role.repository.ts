import type { CloudRole } from '@console/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { roles } from '../../db/schema.js';

export async function listCloudRoles(db: Database): Promise<CloudRole[]> {
  return db
    .select({ id: roles.id, name: roles.name, permission: roles.permission, description: roles.description })
    .from(roles)
    .where(eq(roles.cloudPlatform, true))
    .orderBy(asc(roles.id));
}
