import { randomUUID } from 'node:crypto';
import Fastify, { type RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import rateLimit from '@fastify/rate-limit';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps, AppInstance } from './app-types.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerInputGuard } from './http/input-guard.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerAuthentication } from './plugins/authenticate.js';
import { registerWebApp } from './plugins/web-app.js';
import { registerUploads } from './http/upload.js';
import { access, guardRoutes } from './http/route.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { menuAdminRoutes } from './modules/menus/menu-admin.routes.js';
import { menuRoutes } from './modules/menus/menu.routes.js';
import { roleRoutes } from './modules/roles/role.routes.js';
import { devRoutes } from './modules/dev/dev.routes.js';
import { storeRoutes } from './modules/stores/stores.routes.js';
import { authOpenRoutes } from './modules/auth-open/auth-open.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { clientErrorRoutes } from './modules/client-errors/client-errors.routes.js';
import { createDashboardSources } from './modules/dashboard/dashboard-sources.js';
import { imRoutes, type ImModule } from './modules/im/im.routes.js';
import { registerImJobs } from './modules/im/im.jobs.js';
import { ordersModule } from './modules/orders/index.js';
import { couponsModule } from './modules/coupons/index.js';
import { issueSchemeCalendarSource } from './modules/coupons/scheme-calendar-source.js';
import { pointsMallCalendarSource } from './modules/points-mall/points-mall-calendar-source.js';
import { pointsMallModule } from './modules/points-mall/points-mall.routes.js';
import { exportsModule } from './modules/exports/index.js';
import { usersAdminModule } from './modules/users-admin/index.js';
import { dictsModule } from './modules/dicts/index.js';
import { departmentsModule } from './modules/departments/index.js';
import { storesAdminModule } from './modules/stores-admin/index.js';
import { announcementsModule } from './modules/announcements/index.js';
import { teaTreeModule } from './modules/tea-tree/index.js';
import { employeePurchaseModule } from './modules/employee-purchase/index.js';
import { marketingCalendarModule } from './modules/marketing-calendar/index.js';
import { membersModule } from './modules/members/index.js';
import { inventoryModule } from './modules/inventory/index.js';
import { createClusterLock } from './platform/jobs/cluster-lock.js';
import { createJobRunner, type JobRunner } from './platform/jobs/job-runner.js';
import { createJobStateStore } from './platform/jobs/job-state.js';
import { createAuditLog } from './modules/audit/audit-log.js';
import { createServerErrorLog, registerRefusedCallLog } from './modules/system-tools/request-records.js';
import { backupsModule } from './modules/backups/index.js';
import { systemToolsModule } from './modules/system-tools/index.js';
import { monitorsModule } from './modules/monitors/index.js';
import { AUTH_NOTIFY_CHANNEL, createPgNotifyChannel } from './platform/pg-notify.js';
import { createWakeBus } from './platform/wake-bus.js';
import { guardRedis } from './platform/redis.js';
import { guardedRateLimitStore } from './platform/rate-limit-store.js';
import { createLifecycle, type Lifecycle } from './platform/lifecycle.js';
import { createAppMetrics, NO_METRICS, type AppMetrics } from './platform/metrics/app-metrics.js';
import { registerHttpMetrics } from './platform/metrics/http-metrics.js';
import { metricsRoute } from './platform/metrics/metrics-endpoint.js';
import { poolStatsOf } from './platform/metrics/db-pool.js';
import {
  createMaintenance,
  maintenanceError,
  registerMaintenanceGate,
  type Maintenance,
} from './platform/maintenance.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The message center's producer (for business modules) and poll hub (tests, benchmark). */
    messageCenter: ImModule;
    /** Every timer of the server (platform/jobs); tests and the scheduled-jobs page run jobs through it. */
    jobs: JobRunner;
    /** Readiness: false once shutdown begins (`shutdown.ts`), before the listener stops. */
    lifecycle: Lifecycle;
    /** Prometheus metrics of this app (its own registry), or the no-op set when metrics are off. */
    metrics: AppMetrics;
    /** Maintenance mode shared by every instance (a restore over the live database, ADR 0005). */
    maintenance: Maintenance;
  }
}

/** Prefix of the rate-limit counters' Redis keys, shared by every instance. */
const RATE_LIMIT_NAMESPACE = 'console-rate-limit-';

/** JSON bodies are small forms; uploads get their own limit on their own route. */
const JSON_BODY_LIMIT = 64 * 1024;

export type BuildOptions = {
  /** More API routes, registered last in the guarded scope (tests of the access rules). */
  extraRoutes?: (api: AppInstance) => void;
  /** Sees every route as it is registered, the API's and the web app's (the route matrix test lists them). */
  onRoute?: (route: RouteOptions) => void;
  /** Node's process metrics when metrics are on (default true; tests that build many apps leave them out). */
  processMetrics?: boolean;
};

/** Metrics are collected only when something can read them: a scrape token or the metrics port. */
export function metricsEnabled(config: AppDeps['config']): boolean {
  return config.metrics.token !== null || config.metrics.port !== null;
}

/** Builds the whole application without listening, so tests can `inject` into it. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<AppInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.authorization',
              'req.headers.externaltoken',
              'req.headers["x-service-token"]',
            ],
          },
    bodyLimit: JSON_BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Unique across instances: 异常日志 and the audit rows name the request by it.
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Before any route: each route gets its request recorder as it is registered (platform/metrics).
  const metrics = metricsEnabled(config)
    ? createAppMetrics({ dbKind: deps.dbKind, defaultMetrics: options.processMetrics ?? true })
    : NO_METRICS;
  app.decorate('metrics', metrics);
  registerHttpMetrics(app, metrics);
  metrics.dbPool(poolStatsOf(deps.db, deps.dbKind));
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  // Also when close() is called directly (tests): readiness answers 503 from the first close step on.
  app.addHook('preClose', async () => lifecycle.beginShutdown());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ crossCheck: config.env === 'test' }));
  // Only JSON is accepted; anything else answers 415.
  app.removeContentTypeParser('text/plain');

  registerErrorHandler(app, createServerErrorLog(deps.db, deps.clock));
  registerInputGuard(app);
  await registerSecurityHeaders(app, config);
  // Every Redis call a request waits on goes through the guard: a deadline, then a circuit that stops asking
  // Redis until it answers again (ADR 0004). The rate limits then count in this instance's memory.
  const redisGuard = deps.redis ? guardRedis(deps.redis, config.redisCommandDeadlineMs, app.log) : null;
  app.addHook('onClose', async () => redisGuard?.stop());
  await app.register(rateLimit, {
    global: false,
    ...(deps.redis && redisGuard
      ? { store: guardedRateLimitStore(deps.redis, redisGuard, RATE_LIMIT_NAMESPACE), skipOnError: true }
      : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: '门店运营云平台 API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          serviceToken: { type: 'apiKey', in: 'header', name: 'X-Service-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get(
    '/swagger/json',
    {
      config: { access: access.public('the OpenAPI document describes the API; it holds no data') },
      schema: { hide: true },
    },
    () => app.swagger(),
  );

  // A wake-up only hints that PostgreSQL has news; with Redis it reaches the other instances too. A dropped
  // sign-in also travels through PostgreSQL's NOTIFY, so a sign-out holds everywhere with Redis down.
  const authNotify =
    deps.dbKind === 'postgres' && config.databaseUrl
      ? createPgNotifyChannel(config.databaseUrl, AUTH_NOTIFY_CHANNEL, app.log)
      : null;
  const wakeBus = createWakeBus(deps.redis, app.log, authNotify);
  app.addHook('onClose', () => wakeBus.close());
  const maintenance = createMaintenance({
    db: deps.db,
    dbKind: deps.dbKind,
    bus: wakeBus,
    log: app.log,
  });
  app.decorate('maintenance', maintenance);
  app.addHook('onClose', () => maintenance.close());
  // Every timer is a job on this one runner, started once the app is ready. onClose hooks run last-added first,
  // so running jobs are awaited before the wake bus closes.
  const jobs = createJobRunner({
    lock: createClusterLock(deps.db, deps.dbKind, app.log),
    log: app.log,
    clock: deps.clock,
    state: createJobStateStore(deps.db),
    timing: config.jobTiming,
    observe: metrics.jobRun,
    // A restore holds every table: scheduled ticks wait it out (ADR 0005).
    paused: () => maintenance.status().active,
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  registerAuthentication(app, deps, wakeBus);
  registerRefusedCallLog(app, createAuditLog(deps.db, deps.clock));
  await registerUploads(app);
  const dashboardSources = createDashboardSources();
  let messageCenter: ImModule | null = null;
  let currentRelease: () => number | null = () => null;

  // Deny by default: every route of this scope declares who may call it (http/route.ts), or the app refuses
  // to start.
  await app.register(async (scope) => {
    const api = scope as unknown as AppInstance;
    guardRoutes(api);
    registerMaintenanceGate(api, maintenance);
    healthRoutes(api, deps, lifecycle, maintenance);
    metricsRoute(api, metrics.registry, config.metrics.token);
    authRoutes(api, deps);
    menuRoutes(api, deps);
    menuAdminRoutes(api, deps);
    roleRoutes(api, deps);
    storeRoutes(api, deps);
    authOpenRoutes(api, deps);
    usersAdminModule(api, deps);
    dictsModule(api, deps);
    departmentsModule(api, deps);
    storesAdminModule(api, deps);
    messageCenter = imRoutes(api, deps, { wakeBus, dashboardSources, metrics });
    registerImJobs(jobs, deps, { ...messageCenter, metrics });
    ordersModule(api, deps, { producer: messageCenter.producer, dashboardSources, jobs });
    exportsModule(api, deps, { jobs, metrics });
    announcementsModule(api, deps, { producer: messageCenter.producer, jobs });
    couponsModule(api, deps);
    pointsMallModule(api, deps);
    teaTreeModule(api, deps);
    employeePurchaseModule(api, deps);
    marketingCalendarModule(api, deps, {
      producer: messageCenter.producer,
      jobs,
      extraSources: [issueSchemeCalendarSource(deps.db), pointsMallCalendarSource(deps.db)],
    });
    membersModule(api, deps, { producer: messageCenter.producer, jobs });
    inventoryModule(api, deps, { producer: messageCenter.producer, jobs });
    dashboardRoutes(api, deps, dashboardSources);
    profileRoutes(api, deps);
    clientErrorRoutes(api, deps);
    systemToolsModule(api, deps, { jobs });
    backupsModule(api, deps, { jobs });
    currentRelease = monitorsModule(api, deps, { jobs, redisGuard }).currentRelease;
    // Belt and braces: demo helpers never exist in production, whatever demoMode says.
    if (config.demoMode && !config.production) devRoutes(api, deps);
    options.extraRoutes?.(api);
  });

  if (!messageCenter) throw new Error('message center routes were not registered');
  app.decorate('messageCenter', messageCenter);
  // Maintenance began: held long polls are answered 503 at once, so consoles stop polling and go to /repair.
  const { hub } = messageCenter as ImModule;
  maintenance.onChange((status) => {
    if (status.active) for (const poll of hub.heldFor('all')) hub.refuse(poll, maintenanceError());
  });

  await registerWebApp(app, config, () => currentRelease());
  return app;
}
