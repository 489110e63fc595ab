import { CLIENT_ERROR_LIMITS, clientErrorEndpoints } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { badRequest } from '../../http/errors.js';
import { access, route } from '../../http/route.js';
import { createSessionService } from '../auth/session.service.js';
import { createClientErrorRepository } from './client-error.repository.js';
import { reportingUserId } from './report-caller.js';

/** A report is at most ~10 kB of text; anything far beyond that is not one of ours. */
const REPORT_BODY_LIMIT = 16 * 1024;
/** The web caps itself at ~20 reports per page load; this stops a loop or a flood from one address. */
const REPORTS_PER_IP_PER_MINUTE = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function clientErrorRoutes(app: AppInstance, deps: AppDeps): void {
  const sessions = createSessionService(deps.db, deps.clock);
  const reports = createClientErrorRepository(deps.db, deps.clock);

  // Its own scope: `navigator.sendBeacon` posts text/plain, which every other route keeps refusing with 415.
  void app.register(async (scope) => {
    const api = scope as unknown as AppInstance;
    api.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
      (_request, body: string, done) => {
        try {
          done(null, JSON.parse(body));
        } catch {
          done(badRequest('错误报告不是有效的 JSON'), undefined);
        }
      },
    );

    route(
      api,
      clientErrorEndpoints.report,
      access.public(
        'a crash before or after sign-in must still be reported; the user comes from the token only',
      ),
      async ({ input: body, request }) => {
        const header = request.headers['user-agent'];
        await reports.insert({
          userId: await reportingUserId(request, sessions),
          storeCode: body.storeCode ?? null,
          kind: body.kind,
          message: body.message,
          stack: body.stack,
          pageUrl: body.pageUrl,
          userAgent: (typeof header === 'string' ? header : (body.userAgent ?? '')).slice(
            0,
            CLIENT_ERROR_LIMITS.userAgent,
          ),
          release: body.release,
        });
        return null;
      },
      { tags: ['client-errors'], bodyLimit: REPORT_BODY_LIMIT, config: REPORTS_PER_IP_PER_MINUTE },
    );
  });
}
