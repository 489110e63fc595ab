/** Query keys of 用户管理. */
export const userAdminKeys = {
  all: ['users-admin'] as const,
  page: ['users-admin', 'page'] as const,
  detail: (id: number) => ['users-admin', 'detail', id] as const,
  options: ['users-admin', 'options'] as const,
  storeOptions: ['users-admin', 'stores'] as const,
};
