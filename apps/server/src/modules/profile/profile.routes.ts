import {
  AVATAR_MAX_BYTES,
  PROFILE_PATHS,
  avatarParamsSchema,
  avatarUpdatedSchema,
  passwordChangedSchema,
  profileSchema,
  updatePasswordBodySchema,
  updateProfileBodySchema,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { ok, replies } from '../../http/envelope.js';
import { readSingleUpload } from '../../http/upload.js';
import { callerOf } from '../../plugins/request-context.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createLoginLimiter } from '../auth/login-limiter.js';
import { PROFILE_TEXT, profileErrors } from './profile.messages.js';
import { createProfileRepository } from './profile.repository.js';
import { createProfileService } from './profile.service.js';

const TAGS = ['profile'];
const SIGNED_IN = [{ bearer: [] }];
const HOST_PATTERN = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;
/** Uploads are rare; this only stops a script from filling the database. */
const AVATAR_UPLOADS_PER_MINUTE = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** Scheme and host the caller reached us by (proxy headers count only when trustProxy is set). */
function originOf(request: FastifyRequest): string {
  if (!HOST_PATTERN.test(request.host)) throw profileErrors.badHost();
  return `${request.protocol}://${request.host}`;
}

export function profileRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  const service = createProfileService({
    db,
    clock,
    profiles: createProfileRepository(db),
    limiter: createLoginLimiter(db, clock),
    audit: createAuditLog(db, clock),
    authCache: app.authCache,
  });
  const signedIn = { preValidation: app.authenticate };

  app.get(
    PROFILE_PATHS.profile,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: "The caller's own profile",
        security: SIGNED_IN,
        response: replies(profileSchema),
      },
    },
    async (request) => ok(await service.profile(callerOf(request))),
  );

  app.put(
    PROFILE_PATHS.profile,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: "Change the caller's name and phone (phone unique: 409)",
        security: SIGNED_IN,
        body: updateProfileBodySchema,
        response: replies(profileSchema),
      },
    },
    async (request) => ok(await service.updateProfile(callerOf(request), request.body, clientOf(request))),
  );

  app.post(
    PROFILE_PATHS.updatePassword,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Change the password with the old one; ends every other session of the caller',
        security: SIGNED_IN,
        body: updatePasswordBodySchema,
        response: replies(passwordChangedSchema),
      },
    },
    async (request) => ok(await service.changePassword(callerOf(request), request.body, clientOf(request))),
  );

  app.post(
    PROFILE_PATHS.updateAvatar,
    {
      ...signedIn,
      config: AVATAR_UPLOADS_PER_MINUTE,
      schema: {
        tags: TAGS,
        summary: 'Upload an avatar (multipart, one PNG/JPEG/WebP file up to 2 MB, checked by content)',
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        response: replies(avatarUpdatedSchema),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const origin = originOf(request);
      const upload = await readSingleUpload(request, {
        maxBytes: AVATAR_MAX_BYTES,
        label: PROFILE_TEXT.avatarLabel,
      });
      return ok(await service.updateAvatar(caller, upload, origin, clientOf(request)));
    },
  );

  // Public by id: an <img> cannot send the bearer header. Ids are not secret, and nothing lists avatars.
  app.get(
    PROFILE_PATHS.avatar,
    {
      schema: {
        tags: TAGS,
        summary: "A user's avatar image (public by id, never listed)",
        params: avatarParamsSchema,
        querystring: z.object({ v: z.string().max(20).optional() }),
      },
    },
    async (request, reply) => {
      const avatar = await service.avatar(request.params.userId);
      const current = request.query.v === String(avatar.updatedAt.getTime());
      return reply
        .header('content-type', avatar.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, no-cache')
        .header('last-modified', avatar.updatedAt.toUTCString())
        .send(avatar.content);
    },
  );
}
