import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/pg-errors.js';
import { AppError } from '../http/errors.js';
import { failure } from '../http/envelope.js';

/** Seconds a caller is asked to wait while the database is away: a restart or failover takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const FRAMEWORK_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: '不支持的请求内容类型，请使用 application/json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: '请求内容过大' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: '请求内容不能为空' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: '请求内容不是有效的 JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: '请求长度不正确' },
  FST_ERR_CTP_MISSING_CONTENT_TYPE: { status: 415, message: '缺少请求内容类型' },
};

/** Every failure leaves as the envelope with a Chinese message; a 5xx never exposes internals. */
export function registerErrorHandler(
  app: FastifyInstance,
  onServerError?: (request: FastifyRequest, error: FastifyError) => void,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(failure(error.errorCode, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(failure('VALIDATION_FAILED', validationMessage(error.validation[0])));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      onServerError?.(request, error);
      return reply
        .code(500)
        .header('x-request-id', request.id)
        .send(failure('INTERNAL', '服务器繁忙，请稍后再试'));
    }
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    if (known) return reply.code(known.status).send(failure(error.code, known.message));
    if (error.statusCode === 429) {
      return reply.code(429).send(failure('TOO_MANY_REQUESTS', '请求过于频繁，请稍后再试'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Prototype poisoning and other malformed input caught by the framework.
      return reply.code(error.statusCode).send(failure(error.code ?? 'BAD_REQUEST', '请求内容不正确'));
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of this request and not worth an 异常日志 row (which could not be written anyway): the
      // caller retries after the pause, and upstream systems must not count it as a failed delivery.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .header('x-request-id', request.id)
        .send(failure('DATABASE_UNAVAILABLE', '数据库暂时不可用，请稍后重试'));
    }
    request.log.error({ err: error }, 'unhandled error');
    onServerError?.(request, error);
    // The id names the error's row in 异常日志: what a clerk reads out to support.
    return reply
      .code(500)
      .header('x-request-id', request.id)
      .send(failure('INTERNAL', '服务器繁忙，请稍后再试'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(failure('NOT_FOUND', '接口不存在，请联系管理员！'));
  });
}

/** The schema's own Chinese message when it has one, otherwise a Chinese sentence naming the field. */
export function validationMessage(issue: { instancePath: string; message?: string } | undefined): string {
  if (!issue) return '请求参数格式不正确';
  if (issue.message && /[\u4e00-\u9fa5]/.test(issue.message)) return issue.message;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (!field) return '请求参数格式不正确';
  // zod 4 reports a missing property as an invalid type that "received undefined".
  if (issue.message?.includes('received undefined')) return `缺少参数 ${field}`;
  return `参数 ${field} 格式不正确`;
}
