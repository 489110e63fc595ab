import { MARKETING_CALENDAR_EDIT, marketingCalendarEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../http/route.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { MessageProducer } from '../im/message-producer.js';
import { createDataScopes } from '../roles/data-scope.js';
import type { CalendarSource } from './calendar-sources.js';
import { createMarketingCalendarService, type CalendarEditor } from './marketing-calendar.service.js';
import { teaTreeCalendarSource } from './tea-tree-source.js';

const tags = ['marketing-calendar'];
/** The reminder job runs at 09:00 Asia/Shanghai (01:00 UTC) every day, seconds first. */
const REMIND_CRON = '0 0 1 * * *';

const editorOf = ({
  caller,
  request,
}: Pick<RouteContext<typeof api.add>, 'caller' | 'request'>): CalendarEditor => ({
  userId: caller().user.id,
  client: clientOf(request),
});

/**
 * 营销日历 (docs/domain/marketing-calendar.md). `extraSources` are the calendar sources of other programmes
 * (coupon schemes, points-mall campaigns) wired in app.ts; tea-tree activities are built in.
 */
export function marketingCalendarModule(
  app: AppInstance,
  deps: AppDeps,
  wiring: { producer: MessageProducer; jobs: JobRunner; extraSources?: readonly CalendarSource[] },
): void {
  const { db, clock } = deps;
  const dataScopes = createDataScopes(db, app.authCache);
  const service = createMarketingCalendarService({
    db,
    clock,
    producer: wiring.producer,
    sources: [teaTreeCalendarSource(db), ...(wiring.extraSources ?? [])],
  });

  route(app, api.list, access.store(ANY_STAFF), (ctx) => service.list(ctx.store().id, ctx.input), { tags });
  route(
    app,
    api.manageList,
    access.headOffice(ANY_STAFF),
    async (ctx) => service.manageList(await dataScopes(ctx.caller()), ctx.input),
    { tags },
  );
  route(
    app,
    api.add,
    access.headOffice(MARKETING_CALENDAR_EDIT),
    async (ctx) => service.add(editorOf(ctx), await dataScopes(ctx.caller()), ctx.input),
    { tags },
  );
  route(
    app,
    api.delete,
    access.headOffice(MARKETING_CALENDAR_EDIT),
    async (ctx) => service.remove(editorOf(ctx), await dataScopes(ctx.caller()), ctx.input.id),
    { tags },
  );

  wiring.jobs.register({
    name: 'marketing-calendar.remind-tomorrow',
    description: '营销日历：前一天提醒活动',
    scope: 'cluster',
    schedule: { cron: REMIND_CRON },
    run: async () => {
      await service.remindTomorrow();
    },
  });
}
