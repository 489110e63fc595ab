import { authEndpoints } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, route } from '../../http/route.js';
import { listCloudRoles } from './role.repository.js';

export function roleRoutes(app: AppInstance, { db }: AppDeps): void {
  route(app, authEndpoints.cloudRoles, access.signedIn(), () => listCloudRoles(db), { tags: ['roles'] });
}
