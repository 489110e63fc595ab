import type { PageComponent } from '@console/contract';
import type { PageLoader } from './menu-routes';

/**
 * Server menu component name → page. A feature registers its pages here and adds the name to the contract's
 * `PAGE_COMPONENTS` (the type refuses one without the other): 菜单管理 offers those names and says that any
 * other shows the coming-soon page.
 */
export const pageRegistry: Readonly<Record<PageComponent, PageLoader>> = {
  AuthOpen: () => import('../features/auth-open/auth-open-page').then((m) => ({ Component: m.AuthOpenPage })),
  User: () =>
    import('../features/users-admin/users-admin-page').then((m) => ({ Component: m.UsersAdminPage })),
  Role: () => import('../features/roles-admin/roles-page').then((m) => ({ Component: m.RolesPage })),
  Menu: () => import('../features/menus-admin/menus-page').then((m) => ({ Component: m.MenusPage })),
  Log: () =>
    import('../features/system-tools/operation-log-page').then((m) => ({ Component: m.OperationLogPage })),
  ErrorLog: () =>
    import('../features/system-tools/error-log-page').then((m) => ({ Component: m.ErrorLogPage })),
  LoginLog: () =>
    import('../features/system-tools/login-log-page').then((m) => ({ Component: m.LoginLogPage })),
  OnlineUser: () =>
    import('../features/system-tools/online-users-page').then((m) => ({ Component: m.OnlineUsersPage })),
  Timing: () => import('../features/system-tools/timing-page').then((m) => ({ Component: m.TimingPage })),
  Backup: () => import('../features/system-tools/backups-page').then((m) => ({ Component: m.BackupsPage })),
  ServerMonitor: () =>
    import('../features/monitors/server-monitor-page').then((m) => ({ Component: m.ServerMonitorPage })),
  Sql: () => import('../features/monitors/sql-monitor-page').then((m) => ({ Component: m.SqlMonitorPage })),
  RedisMonitor: () =>
    import('../features/monitors/redis-monitor-page').then((m) => ({ Component: m.RedisMonitorPage })),
  DatabaseMonitor: () =>
    import('../features/monitors/database-monitor-page').then((m) => ({ Component: m.DatabaseMonitorPage })),
  Release: () => import('../features/monitors/release-page').then((m) => ({ Component: m.ReleasePage })),
  Dict: () => import('../features/dicts/dict-page').then((m) => ({ Component: m.DictPage })),
  Dept: () => import('../features/departments/dept-page').then((m) => ({ Component: m.DeptPage })),
  ShopAdmin: () =>
    import('../features/stores-admin/stores-admin-page').then((m) => ({ Component: m.StoresAdminPage })),
  ShopGroup: () =>
    import('../features/stores-admin/shop-groups-page').then((m) => ({ Component: m.ShopGroupsPage })),
  AuthConfirm: () =>
    import('../features/auth-open/auth-confirm-page').then((m) => ({ Component: m.AuthConfirmPage })),
  StoreInfo: () =>
    import('../features/store-info/store-info-page').then((m) => ({ Component: m.StoreInfoPage })),
  RobOrders: () => import('../features/orders/rob-orders-page').then((m) => ({ Component: m.RobOrdersPage })),
  robOrderDetail: () =>
    import('../features/orders/rob-order-detail-page').then((m) => ({ Component: m.RobOrderDetailPage })),
  ReceivedCustomerOrders: () =>
    import('../features/orders/received-orders-page').then((m) => ({ Component: m.ReceivedOrdersPage })),
  receivedOrderDetail: () =>
    import('../features/orders/received-order-detail-page').then((m) => ({
      Component: m.ReceivedOrderDetailPage,
    })),
  UntakenOrders: () =>
    import('../features/orders/untaken-orders-page').then((m) => ({ Component: m.UntakenOrdersPage })),
  ValetOrderCreate: () =>
    import('../features/valet-orders/valet-order-create-page').then((m) => ({
      Component: m.ValetOrderCreatePage,
    })),
  ValetOrders: () =>
    import('../features/valet-orders/valet-orders-page').then((m) => ({ Component: m.ValetOrdersPage })),
  valetOrderManagerDetail: () =>
    import('../features/valet-orders/valet-order-detail-page').then((m) => ({
      Component: m.ValetOrderDetailPage,
    })),
  CustomerIntentions: () =>
    import('../features/intentions/customer-intentions-page').then((m) => ({
      Component: m.CustomerIntentionsPage,
    })),
  CustomerIntentionDetail: () =>
    import('../features/intentions/customer-intention-detail-page').then((m) => ({
      Component: m.CustomerIntentionDetailPage,
    })),
  memberInquiry: () =>
    import('../features/members/member-inquiry-page').then((m) => ({ Component: m.MemberInquiryPage })),
  memberStore: () =>
    import('../features/members/member-store-page').then((m) => ({ Component: m.MemberStorePage })),
  CancelCheckHelp: () =>
    import('../features/cancel-checks/cancel-check-help-page').then((m) => ({
      Component: m.CancelCheckHelpPage,
    })),
  ExportRecords: () =>
    import('../features/exports/export-records-page').then((m) => ({ Component: m.ExportRecordsPage })),
  CouponExchange: () =>
    import('../features/coupons/coupon-exchange-page').then((m) => ({ Component: m.CouponExchangePage })),
  IntegralClasses: () =>
    import('../features/points-mall/integral-classes-page').then((m) => ({
      Component: m.IntegralClassesPage,
    })),
  IntegralOrders: () =>
    import('../features/points-mall/integral-orders-page').then((m) => ({
      Component: m.IntegralOrdersPage,
    })),
  IssueSchemes: () =>
    import('../features/coupons/issue-schemes-page').then((m) => ({ Component: m.IssueSchemesPage })),
  TransferIn: () =>
    import('../features/inventory/transfer-list-page').then((m) => ({ Component: m.TransferInPage })),
  ReceivedOrders: () =>
    import('../features/inventory/transfer-list-page').then((m) => ({
      Component: m.TransferInReceivingPage,
    })),
  TransferOut: () =>
    import('../features/inventory/transfer-list-page').then((m) => ({ Component: m.TransferOutPage })),
  receivingOrderDetails: () =>
    import('../features/inventory/transfer-detail-page').then((m) => ({ Component: m.TransferDetailPage })),
  takeOrdersDetail: () =>
    import('../features/inventory/transfer-detail-page').then((m) => ({ Component: m.TransferDetailPage })),
  applicationDetail: () =>
    import('../features/inventory/transfer-detail-page').then((m) => ({ Component: m.TransferDetailPage })),
  RequestGoods: () =>
    import('../features/inventory/request-goods-pages').then((m) => ({ Component: m.RequestGoodsPage })),
  RequestGoodsDetails: () =>
    import('../features/inventory/request-goods-pages').then((m) => ({
      Component: m.RequestGoodsDetailPage,
    })),
  StockQuery: () =>
    import('../features/inventory/stock-query-page').then((m) => ({ Component: m.StockQueryPage })),
  DailySecondment: () =>
    import('../features/inventory/loan-pages').then((m) => ({ Component: m.LoanListPage })),
  DailySecondmentDetail: () =>
    import('../features/inventory/loan-pages').then((m) => ({ Component: m.LoanDetailPage })),
  ReviewPending: () =>
    import('../features/inventory/audit-pages').then((m) => ({ Component: m.ReviewPendingPage })),
  AuditRequests: () =>
    import('../features/inventory/audit-pages').then((m) => ({ Component: m.AuditRequestsPage })),
  reviewPendingDetail: () =>
    import('../features/inventory/audit-pages').then((m) => ({ Component: m.ReviewPendingPage })),
  Notice: () =>
    import('../features/announcements/announcements-page').then((m) => ({ Component: m.AnnouncementsPage })),
  TeaTreeAdoption: () =>
    import('../features/tea-tree/tea-tree-page').then((m) => ({ Component: m.TeaTreeAdoptionPage })),
  EmployeePurchase: () =>
    import('../features/employee-purchase/employee-purchase-page').then((m) => ({
      Component: m.EmployeePurchasePage,
    })),
  MarketingCalendar: () =>
    import('../features/marketing-calendar/marketing-calendar-page').then((m) => ({
      Component: m.MarketingCalendarPage,
    })),
};
