/** A failure with a status by meaning and a Chinese message a person can act on. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = '登录状态已过期，请重新登录', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message = '您无权执行此操作', code = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message = '请求的内容不存在', code = 'NOT_FOUND') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message?: string) =>
  new AppError(
    429,
    'TOO_MANY_REQUESTS',
    message ?? `操作过于频繁，请${Math.max(1, Math.ceil(retryAfterSeconds / 60))}分钟后再试`,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
