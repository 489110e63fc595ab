import { AVATAR_MAX_BYTES, profileEndpoints as api } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { access, rawRoute, route } from '../../http/route.js';
import { readSingleUpload } from '../../http/upload.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createLoginLimiter, OLD_PASSWORD_POLICY } from '../auth/login-limiter.js';
import { createSmsCodeService } from '../auth/sms-code.service.js';
import { PROFILE_TEXT, profileErrors } from './profile.messages.js';
import { createProfileRepository } from './profile.repository.js';
import { createProfileService } from './profile.service.js';

const tags = ['profile'];
const HOST_PATTERN = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;
/** Uploads are rare; this only stops a script from filling the database. */
const AVATAR_UPLOADS_PER_MINUTE = { rateLimit: { max: 10, timeWindow: '1 minute' } };
/** Each try checks the password: the limiter counts failures, this stops floods of right ones. */
const PHONE_CODES_PER_MINUTE = { rateLimit: { max: 5, timeWindow: '1 minute' } };

/** Scheme and host the caller reached us by (proxy headers count only when trustProxy is set). */
function originOf(request: FastifyRequest): string {
  if (!HOST_PATTERN.test(request.host)) throw profileErrors.badHost();
  return `${request.protocol}://${request.host}`;
}

export function profileRoutes(app: AppInstance, { db, clock, sms }: AppDeps): void {
  const service = createProfileService({
    db,
    clock,
    profiles: createProfileRepository(db),
    limiter: createLoginLimiter(db, clock, OLD_PASSWORD_POLICY),
    smsCodes: createSmsCodeService({ db, clock, sms }),
    sms,
    audit: createAuditLog(db, clock),
    authCache: app.authCache,
  });

  route(app, api.profile, access.signedIn(), ({ caller }) => service.profile(caller()), { tags });
  route(
    app,
    api.updateProfile,
    access.signedIn(),
    ({ caller, input, request }) => service.updateProfile(caller(), input, clientOf(request)),
    { tags },
  );
  route(
    app,
    api.phoneCode,
    access.signedIn(),
    ({ caller, input, request }) => service.sendPhoneCode(caller(), input, clientOf(request)),
    { tags, config: PHONE_CODES_PER_MINUTE },
  );
  route(
    app,
    api.changePhone,
    access.signedIn(),
    ({ caller, input, request }) => service.changePhone(caller(), input, clientOf(request)),
    { tags },
  );
  route(
    app,
    api.updatePassword,
    access.signedIn(),
    ({ caller, input, request }) => service.changePassword(caller(), input, clientOf(request)),
    { tags },
  );
  route(
    app,
    api.updateAvatar,
    access.signedIn(),
    async ({ caller, request }) => {
      const origin = originOf(request);
      const upload = await readSingleUpload(request, {
        maxBytes: AVATAR_MAX_BYTES,
        label: PROFILE_TEXT.avatarLabel,
      });
      return service.updateAvatar(caller(), upload, origin, clientOf(request));
    },
    { tags, config: AVATAR_UPLOADS_PER_MINUTE, consumes: ['multipart/form-data'] },
  );

  rawRoute(
    app,
    api.avatar,
    access.public('an <img> cannot send the bearer header; ids are not secret and nothing lists avatars'),
    async ({ params, input, reply }) => {
      const avatar = await service.avatar(params.userId);
      const current = input.v === String(avatar.updatedAt.getTime());
      return reply
        .header('content-type', avatar.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, no-cache')
        .header('last-modified', avatar.updatedAt.toUTCString())
        .send(avatar.content);
    },
    { tags, body: null },
  );
}
