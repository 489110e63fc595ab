/**
 * The page components the web app registers (`apps/web/src/app/page-registry.ts` is typed by this list, so the
 * two cannot drift) and the menu icons it draws. The server checks a menu's component and icon against them
 * (菜单管理). No schemas here: the shell's bundle reads these.
 */
export const PAGE_COMPONENTS = [
  'AuthOpen',
  'User',
  'Role',
  'Menu',
  'Dict',
  'Dept',
  'ShopAdmin',
  'ShopGroup',
  'AuthConfirm',
  'StoreInfo',
  'RobOrders',
  'robOrderDetail',
  /** The store's received customer orders (已接订单), named `ReceivedOrders` before that name went to transfers. */
  'ReceivedCustomerOrders',
  'receivedOrderDetail',
  'UntakenOrders',
  'ValetOrderCreate',
  'ValetOrders',
  'valetOrderManagerDetail',
  'CustomerIntentions',
  'CustomerIntentionDetail',
  'CancelCheckHelp',
  'ExportRecords',
  'Notice',
  'CouponExchange',
  'IssueSchemes',
  'IntegralClasses',
  'IntegralOrders',
  'TeaTreeAdoption',
  'EmployeePurchase',
  'MarketingCalendar',
  'memberInquiry',
  'memberStore',
  'TransferIn',
  /** The transfer-in receiving list a message opens filtered to one order (spec 2.15 `ReceivedOrders` inOrderNo). */
  'ReceivedOrders',
  'TransferOut',
  'receivingOrderDetails',
  'takeOrdersDetail',
  'applicationDetail',
  'ReviewPending',
  'AuditRequests',
  'reviewPendingDetail',
  'Log',
  'ErrorLog',
  'LoginLog',
  'OnlineUser',
  'Timing',
  'Backup',
  'ServerMonitor',
  'Sql',
  'RedisMonitor',
  'DatabaseMonitor',
  'Release',
  'RequestGoods',
  'RequestGoodsDetails',
  'DailySecondment',
  'DailySecondmentDetail',
  'StockQuery',
] as const;
export type PageComponent = (typeof PAGE_COMPONENTS)[number];

/**
 * Where a notice's message opens for its addressee (通知公告): a static route of the console, not a menu page, so
 * every signed-in user has it whatever their menu holds. The message catalogue names it as the target.
 */
export const NOTICE_READER_ROUTE = 'NoticeReader';
export const NOTICE_READER_PATH = '/notice/read';

export function isPageComponent(name: string | null | undefined): name is PageComponent {
  return (PAGE_COMPONENTS as readonly string[]).includes(name ?? '');
}

/** The icons the sidebar draws (antd icon names, `apps/web/src/shell/menu-icons.ts`): the icon picker's list. */
export const MENU_ICONS = [
  'AppstoreOutlined',
  'AuditOutlined',
  'BankOutlined',
  'CrownOutlined',
  'DashboardOutlined',
  'GiftOutlined',
  'HomeOutlined',
  'QuestionCircleOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'ShoppingCartOutlined',
  'SwapOutlined',
  'TeamOutlined',
  'ToolOutlined',
] as const;
export type MenuIconName = (typeof MENU_ICONS)[number];
