import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import type { Database, DatabaseKind } from './db/client.js';
import type { Clock } from './platform/clock.js';
import type { SmsProvider } from './platform/sms.js';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What modules are built from; passed explicitly, never reached for globally. */
export type AppDeps = {
  config: AppConfig;
  db: Database;
  dbKind: DatabaseKind;
  clock: Clock;
  sms: SmsProvider;
  redis: Redis | null;
};
