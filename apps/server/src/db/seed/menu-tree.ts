import type { RoleKey } from './role-data.js';

/**
 * The menu tree in eladmin's shape: type 0 directory, 1 page, 2 button (a permission, never a route).
 * A root directory's component is `Layout`, a nested one's `ParentView`; a page's component is its route
 * name. Roles are inherited by children unless a child names its own; `admin` gets every menu regardless.
 */
export type MenuSeed = {
  type: 0 | 1 | 2;
  title: string;
  /** Route name (pages and directories); buttons have none. */
  name?: string;
  path?: string;
  component?: string;
  icon?: string;
  permission?: string;
  hidden?: boolean;
  noCache?: boolean;
  external?: boolean;
  roles?: readonly RoleKey[];
  children?: readonly MenuSeed[];
};

const STORE_AREA: readonly RoleKey[] = ['store_staff', 'store_manager', 'head_office'];
const AUDIT_AREA: readonly RoleKey[] = ['store_manager', 'head_office', 'auditor'];
const MARKETING_AREA: readonly RoleKey[] = ['store_manager', 'head_office'];
const HEAD_OFFICE_ONLY: readonly RoleKey[] = ['head_office'];
const ADMIN_ONLY: readonly RoleKey[] = [];
const EVERYONE: readonly RoleKey[] = ['store_staff', 'store_manager', 'head_office', 'auditor'];

function directory(
  title: string,
  name: string,
  path: string,
  icon: string,
  roles: readonly RoleKey[],
  children: readonly MenuSeed[],
): MenuSeed {
  return { type: 0, title, name, path, component: 'Layout', icon, roles, children };
}

/** A directory inside a directory: a pass-through container whose children the web flattens. */
function subDirectory(
  title: string,
  name: string,
  path: string,
  icon: string,
  children: readonly MenuSeed[],
): MenuSeed {
  return { type: 0, title, name, path, component: 'ParentView', icon, children };
}

/** A page's button: its title, its permission and, when they differ from the page's, the roles that get it. */
type ButtonRow = readonly [title: string, permission: string, roles?: readonly RoleKey[]];

function page(
  title: string,
  name: string,
  path: string,
  icon: string,
  buttons: readonly ButtonRow[] = [],
): MenuSeed {
  return { type: 1, title, name, path, component: name, icon, children: buttons.map(button) };
}

/** A page reached from a list or a message, never from the sidebar. */
function detailPage(title: string, name: string, path: string): MenuSeed {
  return { type: 1, title, name, path, component: name, hidden: true, noCache: true };
}

function button([title, permission, roles]: ButtonRow): MenuSeed {
  return { type: 2, title, permission, ...(roles && { roles }) };
}

// One page per line, with its buttons as [title, permission, roles if not inherited].
// prettier-ignore
export const MENU_TREE: readonly MenuSeed[] = [
  directory('订单管理', 'Order', '/order', 'ShoppingCartOutlined', STORE_AREA, [
    page('抢单', 'RobOrders', 'rob-orders', 'ThunderboltOutlined', [['抢单', 'order:rob']]),
    page('已接订单', 'ReceivedCustomerOrders', 'received-orders', 'CheckSquareOutlined', [
      ['发货', 'order:ship'], ['修改地址', 'order:modifyAddress'], ['修改周期计划', 'order:modifyCyclePlan'],
      ['取消订单', 'order:cancel'], ['开具发票', 'order:invoice'], ['核销', 'order:writeOff'], ['导出', 'order:export'],
    ]),
    page('代客下单', 'ValetOrderCreate', 'valet-order-create', 'FormOutlined', [['提交订单', 'valetOrder:create']]),
    page('代客订单', 'ValetOrders', 'valet-orders', 'ProfileOutlined', [
      ['确认订单', 'valetOrder:confirm'], ['取消订单', 'valetOrder:cancel'],
    ]),
    page('客户意向', 'CustomerIntentions', 'customer-intentions', 'HeartOutlined', [
      ['跟进', 'customerIntention:follow'],
    ]),
    page('未接订单', 'UntakenOrders', 'untaken-orders', 'ClockCircleOutlined', [['接单', 'order:take']]),
    // Stores ask, head office decides (docs/domain/orders.md "Cancel-check help").
    page('取消核查', 'CancelCheckHelp', 'cancel-check-help', 'FileSearchOutlined', [
      ['新增核查', 'cancelCheck:add'], ['处理核查', 'cancelCheck:setState', HEAD_OFFICE_ONLY],
    ]),
    page('导出记录', 'ExportRecords', 'export-records', 'DownloadOutlined', [['重新导出', 'export:again']]),
    detailPage('抢单详情', 'robOrderDetail', 'rob-order-detail'),
    detailPage('已接订单详情', 'receivedOrderDetail', 'received-order-detail'),
    detailPage('代客订单详情', 'valetOrderManagerDetail', 'valet-order-detail'),
    detailPage('客户意向详情', 'CustomerIntentionDetail', 'customer-intention-detail'),
  ]),

  directory('会员管理', 'Member', '/member', 'TeamOutlined', STORE_AREA, [
    page('会员查询', 'memberInquiry', 'member-inquiry', 'IdcardOutlined', [['打标签', 'member:tag']]),
    page('会员跟进', 'memberStore', 'member-store', 'SolutionOutlined', [
      ['分配会员', 'member:assign'], ['记录跟进', 'member:follow'],
    ]),
  ]),

  directory('库存调拨', 'Stock', '/stock', 'SwapOutlined', STORE_AREA, [
    page('调拨调入', 'TransferIn', 'transfer-in', 'ImportOutlined', [
      ['申请调入', 'transferIn:apply'], ['确认收货', 'transferIn:receive'], ['取消调入', 'transferIn:cancel'],
      ['总部派单', 'transferIn:dispatch', HEAD_OFFICE_ONLY], ['导出', 'transferIn:export'],
    ]),
    page('调拨调出', 'TransferOut', 'transfer-out', 'ExportOutlined', [
      ['接单', 'transferOut:accept'], ['确认发货', 'transferOut:ship'], ['导出', 'transferOut:export'],
    ]),
    page('借货管理', 'DailySecondment', 'daily-secondment', 'InteractionOutlined', [
      ['申请借货', 'borrow:apply'], ['借出', 'borrow:lend'], ['归还', 'borrow:return'], ['导出', 'borrow:export'],
    ]),
    page('要货管理', 'RequestGoods', 'request-goods', 'InboxOutlined', [
      ['申请要货', 'requestGoods:apply'],
    ]),
    // The spec shows no stock page: 库存查询 is ours (docs/domain/inventory.md "库存查询"); 导出库存 moved here
    // from 要货管理 (db/seed/menu-renames.ts moves the button of a database seeded before).
    page('库存查询', 'StockQuery', 'stock-query', 'DatabaseOutlined', [
      ['导出库存', 'stock:export'],
    ]),
    // The transfer-in list a message opens filtered to one order (spec 2.15 `ReceivedOrders` inOrderNo).
    detailPage('调入收货', 'ReceivedOrders', 'transfer-in-receiving'),
    detailPage('调入单详情', 'receivingOrderDetails', 'transfer-in-detail'),
    detailPage('调出接单详情', 'takeOrdersDetail', 'transfer-out-detail'),
    detailPage('调出申请详情', 'applicationDetail', 'transfer-application-detail'),
    detailPage('借货详情', 'DailySecondmentDetail', 'daily-secondment-detail'),
    detailPage('要货详情', 'RequestGoodsDetails', 'request-goods-detail'),
  ]),

  directory('审核任务', 'Audit', '/audit', 'AuditOutlined', AUDIT_AREA, [
    page('待我审核', 'ReviewPending', 'review-pending', 'FieldTimeOutlined', [
      ['审核通过', 'audit:approve'], ['审核驳回', 'audit:reject'], ['导出', 'reviewPending:export'],
    ]),
    page('我发起的', 'AuditRequests', 'audit-requests', 'SendOutlined', [['导出', 'auditRequests:export']]),
    detailPage('审核详情', 'reviewPendingDetail', 'review-pending-detail'),
  ]),

  // Store staff see the directory for 营销日历 alone (the promotions that concern their store); the rest of
  // 营销 stays with managers and head office.
  directory('营销', 'Marketing', '/marketing', 'GiftOutlined', STORE_AREA, [
    { ...page('优惠券兑换', 'CouponExchange', 'coupon-exchange', 'TagOutlined', [
      ['兑换', 'coupon:exchange'], ['撤销兑换', 'coupon:cancelExchange'], ['导出', 'coupon:export'],
      ['编辑优惠券', 'coupon:edit', HEAD_OFFICE_ONLY],
    ]), roles: MARKETING_AREA },
    { ...page('发放方案', 'IssueSchemes', 'issue-schemes', 'NotificationOutlined', [
      ['新增方案', 'issueScheme:add'], ['编辑方案', 'issueScheme:edit'], ['删除方案', 'issueScheme:delete'],
      ['显示/隐藏', 'issueScheme:showOrHide'], ['门店发放', 'issueScheme:issue'],
    ]), roles: MARKETING_AREA },
    page('营销日历', 'MarketingCalendar', 'marketing-calendar', 'CalendarOutlined', [
      ['新增营销活动', 'marketingCalendar:edit', MARKETING_AREA],
    ]),
    { ...page('茶树认养', 'TeaTreeAdoption', 'tea-tree-adoption', 'EnvironmentOutlined', [
      ['新增认养', 'teaTree:add'],
    ]), roles: MARKETING_AREA },
  ]),

  // Store managers shelve the classes they manage on 积分分类; the class edits and 积分订单 stay head office's.
  directory('积分商城', 'IntegralMall', '/integral-mall', 'ShopOutlined', MARKETING_AREA, [
    {
      ...page('积分订单', 'IntegralOrders', 'integral-orders', 'OrderedListOutlined', [
        ['代客兑换', 'integralOrder:create'], ['确认订单', 'integralOrder:confirm'], ['导出', 'integralOrder:export'],
      ]),
      roles: HEAD_OFFICE_ONLY,
    },
    page('积分分类', 'IntegralClasses', 'integral-classes', 'AppstoreOutlined', [
      ['编辑分类商品', 'integralClass:edit', HEAD_OFFICE_ONLY], ['调整排序', 'integralClass:sort', HEAD_OFFICE_ONLY],
      ['上下架', 'integralClass:shelves'], ['管理授权', 'integralClass:setManageAuth', HEAD_OFFICE_ONLY],
    ]),
  ]),

  directory('门店管理', 'Store', '/store', 'BankOutlined', STORE_AREA, [
    page('门店信息', 'StoreInfo', 'store-info', 'HomeOutlined', [['编辑门店信息', 'store:edit']]),
    page('我的授权', 'AuthConfirm', 'auth-confirm', 'AuditOutlined'),
  ]),

  // Employees buy at their store; the store's manager verifies pick-ups and cancels (docs/domain/employee-purchase.md).
  directory('员工内购', 'EmployeePurchaseRoot', '/employee-purchase', 'CrownOutlined', STORE_AREA, [
    page('员工内购', 'EmployeePurchase', 'index', 'CrownOutlined', [
      ['新增内购', 'employeePurchase:add'], ['取消内购', 'employeePurchase:cancel', MARKETING_AREA],
      ['核验', 'employeePurchase:verify', MARKETING_AREA],
    ]),
  ]),

  directory('系统工具', 'SystemTools', '/system', 'ToolOutlined', ADMIN_ONLY, [
    { ...page('门店权限开通', 'AuthOpen', 'auth-open', 'KeyOutlined'), roles: HEAD_OFFICE_ONLY },
    // Head office manages store accounts too; whom and what it may grant is the service's rule (docs/domain/users-admin.md).
    {
      ...page('用户管理', 'User', 'users', 'UserOutlined', [
        ['新增用户', 'user:add'], ['编辑用户', 'user:edit'], ['启用/停用', 'user:enable'], ['重置密码', 'user:resetPwd'],
      ]),
      roles: HEAD_OFFICE_ONLY,
    },
    {
      ...page('门店管理', 'ShopAdmin', 'shops', 'ShopOutlined', [
        ['开店', 'shop:add'], ['编辑门店', 'shop:edit'], ['停业/开业', 'shop:status'],
      ]),
      roles: HEAD_OFFICE_ONLY,
    },
    {
      ...page('门店分组', 'ShopGroup', 'shop-groups', 'AppstoreOutlined', [
        ['新增分组', 'shopGroup:add'], ['编辑分组', 'shopGroup:edit'], ['删除分组', 'shopGroup:del'],
      ]),
      roles: HEAD_OFFICE_ONLY,
    },
    page('角色管理', 'Role', 'roles', 'SafetyCertificateOutlined', [
      ['新增角色', 'roles:add'], ['编辑角色', 'roles:edit'], ['删除角色', 'roles:del'],
    ]),
    page('菜单管理', 'Menu', 'menus', 'MenuOutlined', [
      ['新增菜单', 'menu:add'], ['编辑菜单', 'menu:edit'], ['删除菜单', 'menu:del'],
    ]),
    page('部门管理', 'Dept', 'depts', 'ApartmentOutlined', [
      ['新增部门', 'dept:add'], ['编辑部门', 'dept:edit'], ['删除部门', 'dept:del'],
    ]),
    page('数据字典', 'Dict', 'dict', 'BookOutlined', [
      ['编辑字典', 'dict:edit'], ['新增字典', 'dict:add'], ['删除字典', 'dict:del'],
    ]),
    {
      ...page('通知公告', 'Notice', 'notices', 'NotificationOutlined', [
        ['新增公告', 'notice:add'], ['编辑公告', 'notice:edit'], ['发布/撤回', 'notice:publish'], ['删除公告', 'notice:del'],
      ]),
      roles: HEAD_OFFICE_ONLY,
    },
    page('定时任务', 'Timing', 'timing', 'ScheduleOutlined', [
      ['查看任务', 'timing:list'], ['编辑任务', 'timing:edit'], ['立即执行', 'timing:run'],
    ]),
    page('在线用户', 'OnlineUser', 'online', 'TeamOutlined', [['查看在线用户', 'online:list'], ['强制下线', 'online:kick']]),
    page('数据备份', 'Backup', 'backups', 'DatabaseOutlined', [
      ['查看备份', 'backup:list'], ['立即备份', 'backup:create'], ['下载备份', 'backup:download'], ['恢复备份', 'backup:restore'],
    ]),
    subDirectory('系统监控', 'Monitor', 'monitor', 'DashboardOutlined', [
      page('操作日志', 'Log', 'logs', 'FileTextOutlined', [['查看日志', 'log:list'], ['导出日志', 'log:export']]),
      page('异常日志', 'ErrorLog', 'error-logs', 'BugOutlined', [
        ['查看异常日志', 'errorLog:list'], ['导出异常日志', 'errorLog:export'],
      ]),
      page('登录日志', 'LoginLog', 'login-logs', 'LoginOutlined', [
        ['查看登录日志', 'loginLog:list'], ['导出登录日志', 'loginLog:export'],
      ]),
      page('服务监控', 'ServerMonitor', 'server', 'CloudServerOutlined', [['查看服务监控', 'monitor:server']]),
      page('SQL监控', 'Sql', 'sql', 'ConsoleSqlOutlined', [['查看SQL监控', 'sql:list'], ['重置统计', 'sql:reset']]),
      page('Redis监控', 'RedisMonitor', 'redis', 'ThunderboltOutlined', [['查看Redis监控', 'redis:list']]),
      page('数据库监控', 'DatabaseMonitor', 'database', 'DatabaseOutlined', [['查看数据库监控', 'database:list']]),
    ]),
    page('版本发布', 'Release', 'releases', 'RocketOutlined', [
      ['查看版本', 'release:list'], ['发布版本', 'release:publish'],
    ]),
  ]),

  {
    type: 1,
    title: '帮助中心',
    name: 'HelpCenter',
    path: 'https://help.example.com',
    icon: 'QuestionCircleOutlined',
    external: true,
    roles: EVERYONE,
  },

  // The header's AI quiz entry (spec 6): a permission only, so a root-level button.
  { type: 2, title: 'AI问答入口', permission: 'layoutAiAQuiz:entry', roles: HEAD_OFFICE_ONLY },
];
