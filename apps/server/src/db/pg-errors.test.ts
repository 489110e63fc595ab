import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation, pgErrorCode } from './pg-errors.js';

const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code });
/** How drizzle wraps a driver error: its own message, the driver's error as the cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('pgErrorCode', () => {
  it('finds the SQLSTATE along the cause chain', () => {
    expect(pgErrorCode(wrapped(withCode('23505')))).toBe('23505');
    expect(isUniqueViolation(wrapped(withCode('23505')))).toBe(true);
    expect(pgErrorCode(new Error('plain'))).toBeNull();
  });
});

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection under drizzle', wrapped(withCode('ECONNRESET'))],
    ['a connection exception (class 08)', withCode('08006')],
    ['an administrator shutdown', wrapped(withCode('57P01'))],
    ['a server still starting', withCode('57P03')],
    ['too many connections', withCode('53300')],
    ['a connection that died under a query', wrapped(new Error('Connection terminated unexpectedly'))],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(withCode('23505'))],
    ['a syntax error', withCode('42601')],
    ['a serialization failure', withCode('40001')],
    ['an error without a code', new Error('something else')],
    ['not an error at all', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
