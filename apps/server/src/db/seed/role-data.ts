/**
 * The built-in roles. `permission` is what the console receives as a role string; a role without `dataScope`
 * gets the column's default, `own` (the user's authorised stores).
 */
export const ROLE_SEEDS = [
  {
    permission: 'admin',
    name: '系统管理员',
    description: '超级角色：全部菜单、全部门店与系统工具',
    // The super role is never handed out through the cloud-platform authorisation screens.
    cloudPlatform: false,
    dataScope: 'all',
  },
  {
    permission: 'store_manager',
    name: '店长',
    description: '门店经营：订单、会员、库存调拨、审核任务与营销',
    cloudPlatform: true,
  },
  {
    permission: 'store_staff',
    name: '门店店员',
    description: '门店日常：订单、会员、库存调拨与门店信息',
    cloudPlatform: true,
  },
  {
    permission: 'head_office',
    name: '总部运营',
    description: '总部运营：除系统工具外的全部业务，含 AI 问答入口',
    cloudPlatform: true,
    // Head office sees every store, as before data scopes; an administrator narrows it (docs/domain/roles.md).
    dataScope: 'all',
  },
  {
    permission: 'auditor',
    name: '审核员',
    description: '审核要货、调拨与借货申请',
    cloudPlatform: true,
  },
] as const;

export type RoleKey = (typeof ROLE_SEEDS)[number]['permission'];

export const SUPER_ROLE: RoleKey = 'admin';
