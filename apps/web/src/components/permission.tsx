import type { ReactNode } from 'react';
import { hasPermission, isPermitted } from '../lib/permission';
import { useSessionStore } from '../stores/session-store';

type PermissionProps = {
  /** Roles or permission strings, any one of which shows the children; an empty list shows them always. */
  value: readonly string[];
  children: ReactNode;
  fallback?: ReactNode;
};

/** The spec's permission directive: renders children only for a user holding one of `value` (or admin). */
export function Permission({ value, children, fallback = null }: PermissionProps) {
  const roles = useSessionStore((state) => state.roles);
  return isPermitted(roles, value) ? children : fallback;
}

/** The check method for code paths: false for an empty list. */
export function useHasPermission(required: readonly string[]): boolean {
  const roles = useSessionStore((state) => state.roles);
  return hasPermission(roles, required);
}
