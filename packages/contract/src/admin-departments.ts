import { z } from 'zod';
import { recordId, recordIdFromText, requiredText, sortNumber } from './common/fields.js';
import { endpoint, noInput } from './common/endpoint.js';

/** Departments (部门管理): the head-office organisation tree users and stores belong to. */
export const DEPT_PATHS = {
  tree: '/api/depts/tree',
  depts: '/api/depts',
  enabled: '/api/depts/enabled',
} as const;

export const DEPT_NAME_MAX = 32;
export const DEPT_SORT_MAX = 9999;
/** Deeper trees are a mistake in the data, not an organisation. */
export const DEPT_DEPTH_MAX = 8;

/** One department with its children, sorted by `sort` then id. */
export type DeptNode = {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  enabled: boolean;
  /** Users whose department is this one (not its children's). */
  userCount: number;
  createdAt: string;
  children: DeptNode[];
};

export const deptNodeSchema: z.ZodType<DeptNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    sort: z.number().int(),
    enabled: z.boolean(),
    userCount: z.number().int(),
    createdAt: z.string(),
    children: z.array(deptNodeSchema),
  }),
);
export const deptTreeSchema = z.object({ tree: z.array(deptNodeSchema) });

const deptFields = {
  parentId: recordId('上级部门不正确').nullable(),
  name: requiredText(DEPT_NAME_MAX, '请填写部门名称', `部门名称不能超过${DEPT_NAME_MAX}个字`),
  sort: sortNumber(DEPT_SORT_MAX),
};

export const deptCreateSchema = z.object({
  ...deptFields,
  enabled: z.boolean({ error: '启用状态不正确' }).default(true),
});
export type DeptCreate = z.input<typeof deptCreateSchema>;

export const deptUpdateSchema = z.object({ id: recordId('部门编号不正确'), ...deptFields });
export type DeptUpdate = z.input<typeof deptUpdateSchema>;

export const deptEnabledSchema = z.object({
  id: recordId('部门编号不正确'),
  enabled: z.boolean({ error: '启用状态不正确' }),
});

export const deptIdQuerySchema = z.object({ id: recordIdFromText('部门编号不正确') });

export const deptRowSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type DeptRow = z.infer<typeof deptRowSchema>;

export const deptEndpoints = {
  tree: endpoint({
    method: 'GET',
    path: DEPT_PATHS.tree,
    request: noInput,
    response: deptTreeSchema,
    summary: 'The department tree with each department’s user count',
  }),
  create: endpoint({
    method: 'POST',
    path: DEPT_PATHS.depts,
    request: deptCreateSchema,
    response: deptRowSchema,
    summary: 'Create a department (a root when parentId is null)',
  }),
  update: endpoint({
    method: 'PUT',
    path: DEPT_PATHS.depts,
    request: deptUpdateSchema,
    response: deptRowSchema,
    summary: 'Rename, move (never under itself or its own subtree) or re-sort a department',
  }),
  setEnabled: endpoint({
    method: 'PUT',
    path: DEPT_PATHS.enabled,
    request: deptEnabledSchema,
    response: z.object({ changed: z.number().int() }),
    summary: 'Disable a department and its subtree, or enable one whose parent is enabled',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: DEPT_PATHS.depts,
    request: deptIdQuerySchema,
    response: z.null(),
    summary: 'Delete a department without children, users or stores',
  }),
};
