/** The role an account without roles has (spec 3, 6). */
export const DEFAULT_ROLE = 'ROLE_SYSTEM_DEFAULT';
/** The super role: passes every check. */
export const ADMIN_ROLE = 'admin';

export const ROLE_LIST_REQUIRED = "需要角色列表，例如 ['admin','editor']";

export function effectiveRoles(roles: readonly string[]): string[] {
  return roles.length > 0 ? [...roles] : [DEFAULT_ROLE];
}

/** Callers may be untyped data (menu config, messages); a non-array is a programming error. */
function assertRoleList(required: unknown): asserts required is readonly string[] {
  if (!Array.isArray(required)) throw new Error(ROLE_LIST_REQUIRED);
}

/**
 * The check method (spec 6): true when the user holds at least one of `required`, or is admin.
 * An empty `required` list is false.
 */
export function hasPermission(roles: readonly string[], required: readonly string[]): boolean {
  assertRoleList(required);
  if (required.length === 0) return false;
  const held = effectiveRoles(roles);
  return held.includes(ADMIN_ROLE) || held.some((role) => required.includes(role));
}

/** The directive semantics (spec 6): like `hasPermission`, but an empty list allows everything. */
export function isPermitted(roles: readonly string[], required: readonly string[]): boolean {
  assertRoleList(required);
  return required.length === 0 || hasPermission(roles, required);
}
