import { describe, expect, it } from 'vitest';
import { coversRole, groupsOutside, unionOfRoles, type DataScope } from './data-scope.js';

const role = (dataScope: string, groupIds: number[] = [], permission = 'r') => ({
  dataScope,
  groupIds,
  permission,
});

describe('unionOfRoles', () => {
  it('gives every store when any role has `all`, or the user holds the super role', () => {
    expect(unionOfRoles(7, [role('own'), role('all'), role('groups', [1])])).toEqual({ all: true });
    expect(unionOfRoles(7, [role('own', [], 'admin')])).toEqual({ all: true });
  });

  it("unites the groups of every `groups` role, sorted and once each, beside the user's own stores", () => {
    expect(unionOfRoles(7, [role('groups', [3, 1]), role('own', [9]), role('groups', [1, 2])])).toEqual({
      all: false,
      userId: 7,
      groupIds: [1, 2, 3],
    });
  });

  it('leaves only the own stores for `own` roles and for a user without roles', () => {
    const own = { all: false, userId: 7, groupIds: [] };
    expect(unionOfRoles(7, [role('own')])).toEqual(own);
    expect(unionOfRoles(7, [])).toEqual(own);
  });
});

describe('coversRole and groupsOutside', () => {
  const all: DataScope = { all: true };
  const east: DataScope = { all: false, userId: 7, groupIds: [1, 2] };
  const own: DataScope = { all: false, userId: 7, groupIds: [] };

  it('lets `all` grant anything', () => {
    for (const r of [role('all'), role('groups', [5]), role('own')]) expect(coversRole(all, r)).toBe(true);
    expect(groupsOutside(all, [5, 6])).toEqual([]);
  });

  it('grants `all` only with `all`, and groups only inside the caller’s groups', () => {
    expect(coversRole(east, role('all'))).toBe(false);
    expect(coversRole(east, role('groups', [2]))).toBe(true);
    expect(coversRole(east, role('groups', [2, 3]))).toBe(false);
    expect(groupsOutside(east, [2, 3, 4])).toEqual([3, 4]);
    expect(coversRole(own, role('groups', [1]))).toBe(false);
  });

  it('lets anyone grant `own`: a holder only ever sees their own stores through it', () => {
    expect(coversRole(own, role('own'))).toBe(true);
  });
});
