import { buildApp } from './app.js';
import { ConfigError, DEMO_SERVICE_TOKEN, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { DEMO_ACCOUNTS, seedBaseData, seedDemoData } from './db/seed/index.js';
import { systemClock } from './platform/clock.js';
import { openRedis } from './platform/redis.js';
import { createOutboxSmsProvider } from './platform/sms.js';
import { listenMetrics, type MetricsListener } from './platform/metrics/metrics-endpoint.js';
import { closeGracefully } from './shutdown.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  await migrateDatabase(database);
  // Roles and menus on every start (production too); demo stores and accounts only when configured.
  await seedBaseData(database.db);
  const seed = config.seedDemo ? await seedDemoData(database.db) : null;
  const redis = config.redisUrl ? openRedis(config.redisUrl) : null;

  const app = await buildApp({
    config,
    db: database.db,
    dbKind: database.kind,
    clock: systemClock,
    sms: createOutboxSmsProvider(database.db),
    redis,
  });

  let metricsListener: MetricsListener | null = null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await closeGracefully(app, config.shutdownDrainMs);
    await metricsListener?.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // A deep accept queue: after a restart thousands of consoles re-open their long polls at once.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  if (config.metrics.port !== null && app.metrics.registry) {
    metricsListener = await listenMetrics({
      registry: app.metrics.registry,
      ...config.metrics,
      port: config.metrics.port,
    });
    app.log.info({ port: metricsListener.port, host: config.metrics.host }, 'metrics listener started');
  }
  printBanner(config.port, database.kind, seed !== null, config.demoMode);
  if (config.demoMode)
    app.log.warn(
      'demo mode: /dev/* hands out SMS codes and solves captchas; never expose this server (DEMO_MODE=false to turn off)',
    );
  if (seed?.seeded) app.log.info('demo data seeded');
}

function printBanner(port: number, dbKind: string, seeded: boolean, demoMode: boolean): void {
  const lines = [`门店运营云平台 is running at http://localhost:${port}  (database: ${dbKind})`];
  if (seeded) {
    lines.push('Demo accounts:');
    for (const account of DEMO_ACCOUNTS)
      lines.push(`  ${account.username.padEnd(8)} ${account.password.padEnd(15)} ${account.description}`);
  }
  if (demoMode) {
    lines.push(
      `Demo mode (DEMO_MODE=false turns it off): SMS codes at /dev/sms-outbox?phone=…, service token "${DEMO_SERVICE_TOKEN}" unless SERVICE_TOKEN is set.`,
    );
  }
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
});
