import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE, effectiveRoles, hasPermission, isPermitted, ROLE_LIST_REQUIRED } from './permission';

describe('hasPermission (check method)', () => {
  it('is true when a role matches', () => {
    expect(hasPermission(['store:view', 'order:edit'], ['order:edit', 'order:del'])).toBe(true);
  });

  it('is false when no role matches', () => {
    expect(hasPermission(['store:view'], ['order:edit'])).toBe(false);
  });

  it('lets admin pass everything but an empty list', () => {
    expect(hasPermission(['admin'], ['order:edit'])).toBe(true);
    expect(hasPermission(['admin'], [])).toBe(false);
  });

  it('is false for an empty required list', () => {
    expect(hasPermission(['store:view'], [])).toBe(false);
  });

  it('treats an empty role list as the default role', () => {
    expect(effectiveRoles([])).toEqual([DEFAULT_ROLE]);
    expect(hasPermission([], [DEFAULT_ROLE])).toBe(true);
    expect(hasPermission([], ['order:edit'])).toBe(false);
  });

  it('throws the usage message when required is not an array', () => {
    expect(() => hasPermission(['admin'], 'admin' as unknown as string[])).toThrow(ROLE_LIST_REQUIRED);
    expect(ROLE_LIST_REQUIRED).toBe("需要角色列表，例如 ['admin','editor']");
  });
});

describe('isPermitted (directive)', () => {
  it('allows everything for an empty list', () => {
    expect(isPermitted(['store:view'], [])).toBe(true);
    expect(isPermitted([], [])).toBe(true);
  });

  it('otherwise needs a matching role or admin', () => {
    expect(isPermitted(['store:view'], ['order:edit'])).toBe(false);
    expect(isPermitted(['admin'], ['order:edit'])).toBe(true);
    expect(isPermitted(['order:edit'], ['order:edit'])).toBe(true);
  });

  it('throws when the value is not an array', () => {
    expect(() => isPermitted([], null as unknown as string[])).toThrow(ROLE_LIST_REQUIRED);
  });
});
