import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_LIST_REQUIRED } from '../lib/permission';
import { useSessionStore } from '../stores/session-store';
import { Permission, useHasPermission } from './permission';

afterEach(cleanup);

function withRoles(roles: string[]) {
  useSessionStore.setState({ roles });
}

describe('<Permission>', () => {
  it('shows children to a user holding one of the roles', () => {
    withRoles(['order:edit']);
    render(<Permission value={['order:edit', 'order:del']}>编辑</Permission>);
    expect(screen.queryByText('编辑')).not.toBeNull();
  });

  it('removes children otherwise, showing the fallback', () => {
    withRoles(['store:view']);
    render(
      <Permission value={['order:edit']} fallback="无权限">
        编辑
      </Permission>,
    );
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByText('无权限')).not.toBeNull();
  });

  it('always shows children to admin', () => {
    withRoles(['admin']);
    render(<Permission value={['order:edit']}>甲</Permission>);
    expect(screen.queryByText('甲')).not.toBeNull();
  });

  it('shows children for an empty list, whatever the roles', () => {
    withRoles([]);
    render(<Permission value={[]}>乙</Permission>);
    expect(screen.queryByText('乙')).not.toBeNull();
  });

  it('throws on a value that is not a list', () => {
    withRoles(['admin']);
    const value = 'admin' as unknown as string[];
    expect(() => renderHook(() => useHasPermission(value))).toThrow(ROLE_LIST_REQUIRED);
  });
});

describe('useHasPermission', () => {
  it('is false for an empty list', () => {
    withRoles(['admin']);
    expect(renderHook(() => useHasPermission([])).result.current).toBe(false);
  });
});
