import type { RouteAccess } from '../http/route.js';

/**
 * The authorisation matrix: every route of the app, the access rule it declares and what each kind of caller
 * gets. One source of truth: `http/route-matrix.api.test.ts` proves every row against the running app (and
 * fails on a route without a row or a row without a route), and `docs/security/route-matrix.md` is rendered
 * from it (`route-matrix.test.ts` fails when the file is stale; `UPDATE_ROUTE_MATRIX=1` rewrites it).
 *
 * The table is written out, not computed from the routes' config: changing a route's rule without changing its
 * row fails the test. A missing route's failure message prints the row to paste (derived from its rule).
 */

/** Who calls, in column order. Signed-in callers name store A, their own (staff of B for `foreignStore`). */
export const CALLERS = [
  'anonymous',
  'service',
  'noStore',
  'staff',
  'foreignStore',
  'headOffice',
  'admin',
] as const;
export type CallerKind = (typeof CALLERS)[number];

export const CALLER_TITLES: Record<CallerKind, string> = {
  anonymous: 'anonymous',
  service: 'service token',
  noStore: 'staff, no store',
  staff: 'store staff, own store',
  foreignStore: 'store staff, foreign store',
  headOffice: 'head office',
  admin: 'admin',
};

/**
 * `ok`: the access layer lets the call through (the answer may still be a 400 or 404 for the test's input);
 * `401`, `403`: refused by the access layer; `-`: not asked (a foreign store only means something to a store
 * route).
 */
export const OUTCOMES = ['ok', '401', '403', '-'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export type MatrixRow = {
  /** `METHOD /path` as registered (`:name` for path parameters). */
  route: string;
  /** The route's declared rule, as `describeRule` writes it. */
  rule: string;
  expected: Record<CallerKind, Outcome>;
};

/** `row('GET /api/x', 'signedIn', '401 401 ok ok - ok ok')`: the outcomes in `CALLERS` order. */
export function row(route: string, rule: string, outcomes: string): MatrixRow {
  const parts = outcomes.trim().split(/\s+/);
  if (parts.length !== CALLERS.length || !parts.every((p): p is Outcome => OUTCOMES.includes(p as Outcome)))
    throw new Error(`route matrix: ${route} needs ${CALLERS.length} outcomes of ${OUTCOMES.join(' ')}`);
  return {
    route,
    rule,
    expected: Object.fromEntries(CALLERS.map((caller, i) => [caller, parts[i]])) as MatrixRow['expected'],
  };
}

/** A rule in the table's words: `public`, `signedIn`, `service`, `headOffice(*)`, `store(order:ship)`, … */
export function describeRule(rule: RouteAccess | undefined): string {
  if (!rule) return 'none';
  switch (rule.kind) {
    case 'public':
    case 'signedIn':
    case 'service':
      return rule.kind;
    case 'headOffice':
      return `headOffice(${rule.permission})`;
    case 'store': {
      const field = rule.storeField === 'storeCode' ? '' : `, ${rule.storeField ?? 'header'}`;
      return `store(${rule.permission}${field})`;
    }
  }
}

// Columns (CALLERS): ano anonymous, svc service token, nos staff without stores, own store staff in their store,
// for store staff naming a foreign store, hdo head office, adm admin. A new route's row: run the API test and
// check the row its failure prints.
// prettier-ignore
export const ROUTE_MATRIX: readonly MatrixRow[] = [
  // route                                                                           rule                                 ano svc nos own for hdo adm
  row('GET /swagger/json',                                                           'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('GET /api/health',                                                             'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('GET /auth/code',                                                              'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('POST /auth/ljyPwdLogin',                                                      'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('POST /auth/sendMsg',                                                          'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('POST /auth/ljyPcLogin',                                                       'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('GET /auth/info',                                                              'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('DELETE /auth/logout',                                                         'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /auth/queryMidPwdStatus',                                                'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /auth/findPassSendMsg',                                                  'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('POST /auth/findPassVaildMsg',                                                 'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('POST /auth/resetPassword',                                                    'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('GET /api/menus/buildSystem/8',                                                'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('GET /api/menus/known-path',                                                   'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('GET /api/roles/queryLjYun',                                                   'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('GET /api/roles',                                                              'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /api/roles/menuTree',                                                     'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /api/roles/shopGroups',                                                   'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /api/roles',                                                             'headOffice(roles:add)',            '401 401 403 403 -   403 ok'),
  row('PUT /api/roles/:id',                                                          'headOffice(roles:edit)',           '401 401 403 403 -   403 ok'),
  row('DELETE /api/roles/:id',                                                       'headOffice(roles:del)',            '401 401 403 403 -   403 ok'),
  row('GET /api/menus/tree',                                                          'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /api/menus',                                                             'headOffice(menu:add)',             '401 401 403 403 -   403 ok'),
  row('PUT /api/menus',                                                              'headOffice(menu:edit)',            '401 401 403 403 -   403 ok'),
  row('DELETE /api/menus',                                                           'headOffice(menu:del)',             '401 401 403 403 -   403 ok'),
  row('POST /api/user/shop/last/change',                                             'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /api/user/shop/save/change',                                             'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /api/users/query/shopGroup/v2',                                          'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /feo/shopInfo/modifyStatus',                                             'store(*, shopCode)',               '401 401 403 ok  403 ok  ok'),
  row('POST /feo/shopInfo/detail',                                                   'store(*, shopCode)',               '401 401 403 ok  403 ok  ok'),
  row('POST /feo/shopInfo/save',                                                     'store(*, shopCode)',               '401 401 403 ok  403 ok  ok'),
  row('POST /feo/area/tree',                                                         'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /feo/place/search',                                                      'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /feo/dept/staffList',                                                    'store(*, shopCode)',               '401 401 403 ok  403 ok  ok'),
  row('POST /feo/auth/infoByUser',                                                   'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /feo/logout/action',                                                     'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /ljYun/authOpen/queryAuthOpenInfoByUser',                                'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /ljYun/authOpen/confirmOrRefuse',                                        'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /ljYun/authOpen/checkUserInfo',                                          'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /ljYun/authOpen/confirmOpen',                                            'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /ljYun/authOpen/userInfoBatchImport',                                    'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /ljYun/authOpen/downUserInfoImportTemplate',                              'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /api/im/supplementMsg',                                                  'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /api/im/unReadImMessageCountWithBusiness',                               'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /api/im/listener',                                                       'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /api/im/operationMsgStatus',                                             'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /api/im/pageMsgList',                                                    'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /api/im/getAllBroadcastMessageBusinessType',                             'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /api/im/publish',                                                        'service',                          '401 ok  401 401 -   401 401'),
  row('POST /api/integration/orders',                                                'service',                          '401 ok  401 401 -   401 401'),
  row('POST /api/integration/orders/cancel',                                         'service',                          '401 ok  401 401 -   401 401'),
  row('POST /api/integration/intentions',                                            'service',                          '401 ok  401 401 -   401 401'),
  row('POST /tec/trade_order/manager/uEnjoy/onlineList',                             'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/order/untaken-list',                            'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/uEnjoy/onlineDetail',                           'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/uEnjoy/performanceReceipt',                     'store(order:rob)',                 '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/order/untaken-take',                            'store(order:take)',                '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/order/list',                                    'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/trade_order/manager/order/detail',                                   'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/trade_order/manager/order/log-list',                                 'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/trade_order/manager/invoice/detail',                                 'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/order/deliver',                                 'store(order:ship)',                '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/order/modify-address',                          'store(order:modifyAddress)',       '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/order/modify-cycle-plan',                       'store(order:modifyCyclePlan)',     '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/order/cancel',                                  'store(order:cancel)',              '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/order/finishInvoice',                           'store(order:invoice)',             '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/uEnjoy/writeOff',                               'store(order:writeOff)',            '401 401 403 ok  403 ok  ok'),
  row('POST /tec/delivery/cnArea/getCnArea',                                         'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('GET /tec/delivery/deliveryCompany/getDeliveryByComNum',                       'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('GET /tec/member_ms/member/getPlatformMemberByKeywords',                       'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/member_ms/member/getPlatformMemberTemporaryByKeywords',              'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/member_ms/member/addPlatformMemberTemporary',                       'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/member_ms/member/inquiry',                                           'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/member_ms/member/profile',                                           'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/member_ms/memberTag/options',                                        'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/member_ms/member/setTags',                                          'store(member:tag)',                '401 401 403 ok  403 ok  ok'),
  row('GET /tec/member_ms/guide/options',                                            'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/member_ms/member/assignGuide',                                      'store(member:assign)',             '401 401 403 ok  403 ok  ok'),
  row('POST /tec/member_ms/followUp/add',                                            'store(member:follow)',             '401 401 403 ok  403 ok  ok'),
  row('POST /tec/member_ms/equity/activate',                                         'store(member:follow)',             '401 401 403 ok  403 ok  ok'),
  row('POST /tec/member_ms/wx/createActivityQr',                                     'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/member_ms/memberStore/list',                                        'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/member_ms/memberStore/counts',                                       'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/market_ms/IntegralLabel/getAppLabelList',                            'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/market_ms/integralSku/queryAppPage',                                'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/market_ms/integralSku/queryPage',                                   'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/market_ms/uEnjoySku/queryAppPage',                                  'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/store_ms/shopInfo/getById',                                          'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('GET /tec/store_ms/shopInfo/getShopCode',                                      'headOffice(shop:add)',             '401 401 403 403 -   ok  ok'),
  row('POST /tec/store_ms/api/manage/shopInfo/pageShopList',                         'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /tec/store_ms/shopInfo/conditionQueryShop',                              'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /tec/store_ms/api/shopInfo/groupInfo',                                   'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /tec/store_ms/lingJiYun/shopInfo/groupInfo',                             'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /tec/store_ms/shopInfoApp/addShop',                                      'headOffice(shop:add)',             '401 401 403 403 -   ok  ok'),
  row('POST /tec/store_ms/shopInfoApp/editShop',                                     'headOffice(shop:edit)',            '401 401 403 403 -   ok  ok'),
  row('GET /tec/store_ms/shopInfoApp/openWork',                                      'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /tec/store_ms/shopInfoApp/editStatus',                                    'headOffice(shop:status)',          '401 401 403 403 -   ok  ok'),
  row('POST /tec/store_ms/shopGroup/page',                                           'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /tec/store_ms/shopGroup',                                                'headOffice(shopGroup:add)',        '401 401 403 403 -   ok  ok'),
  row('PUT /tec/store_ms/shopGroup',                                                 'headOffice(shopGroup:edit)',       '401 401 403 403 -   ok  ok'),
  row('DELETE /tec/store_ms/shopGroup',                                              'headOffice(shopGroup:del)',        '401 401 403 403 -   ok  ok'),
  row('POST /tec/member_ms/ws/getAddressByKeywords',                                 'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/member_ms/address/lastTime/daikeOrderAddress',                       'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/member_ms/address/list',                                            'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/member_ms/address/add',                                             'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/store_ms/api/uEnjoy/queryShop',                                     'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/store_ms/shopDeliverySet/selectShopBikeDistance',                   'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/product_ms/api/pmsProductSku/getById',                               'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/integralMall/manager/valetOrder/create',                'store(valetOrder:create)',         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/uEnjoy/valet/trial/change',                         'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/uEnjoy/valet/trial/expressTrial',                   'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/uEnjoy/valet/trial/personalization',                'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/trade_order/api/uEnjoy/getTrialResult',                              'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/uEnjoy/changePlan',                                 'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/uEnjoy/valetOrder/create',                      'store(valetOrder:create)',         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/integralMall/manager/valetOrder/list',                  'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/integralMall/manager/valetOrder/confirm',               'store(valetOrder:confirm)',        '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/integralMall/manager/valetOrder/cancel',                'store(valetOrder:cancel)',         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/uEnjoy/valetOrder/list',                        'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/uEnjoy/valetOrder/confirm',                     'store(valetOrder:confirm)',        '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/uEnjoy/valetOrder/cancel',                      'store(valetOrder:cancel)',         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/valetOrder/detail',                             'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/integralMall/admin/order/page',                        'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /tec/trade_order/integralMall/admin/order/detail',                       'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /tec/trade_order/manager/customerIntention/list',                        'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/trade_order/manager/customerIntention/detail',                       'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/customerIntention/follow',                      'store(customerIntention:follow)',  '401 401 403 ok  403 ok  ok'),
  row('GET /tec/trade_order/api/performanceOrderCancelCheckHelp/queryShopAuth',      'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/manage/performanceOrderCancelCheckHelp/pageQuery',  'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/manage/performanceOrderCancelCheckHelp/add',        'store(cancelCheck:add)',           '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/manage/performanceOrderCancelCheckHelp/detail',     'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/manage/performanceOrderCancelCheckHelp/setState',   'store(cancelCheck:setState)',      '401 401 403 403 403 ok  ok'),
  row('POST /tec/trade_order/manager/uEnjoy/valetOrder/arriveAtStoreOrderList',      'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/uEnjoy/order/order-express-info',               'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/uEnjoy/order/teaTreeAdoptionOrderList',         'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/market_ms/api/manage/teaTreeAdopt/activity/currentIngActivity',          'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/market_ms/api/manage/teaTreeAdopt/calculate',                            'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/market_ms/api/manage/teaTreeAdopt/sendConfirmCode',                     'store(teaTree:add)',               '401 401 403 403 403 ok  ok'),
  row('POST /tec/market_ms/api/manage/teaTreeAdopt/add',                                 'store(teaTree:add)',               '401 401 403 403 403 ok  ok'),
  row('POST /tec/market_ms/api/manage/teaTreeAdopt/pageList',                            'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/market_ms/api/manage/teaTreeAdopt/detail',                               'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/product_ms/api/manage/pmsProductSku/employeePurchase/safeStock/query',   'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/manage/skuEpc/queryEpc',                                'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/manage/skuEpc/checkSku',                                'store(employeePurchase:add)',      '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/manage/skuEpc/add',                                     'store(employeePurchase:add)',      '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/manage/skuEpc/order/delete',                            'store(employeePurchase:add)',      '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/manage/skuEpc/cancelOrder/skuEpcList',                  'store(employeePurchase:cancel)',   '401 401 403 403 403 ok  ok'),
  row('POST /tec/trade_order/api/manage/skuEpc/cancelOrder/checkSku',                    'store(employeePurchase:cancel)',   '401 401 403 403 403 ok  ok'),
  row('POST /tec/trade_order/api/manage/skuEpc/order/checkEpc/delete',                   'store(employeePurchase:add)',      '401 401 403 ok  403 ok  ok'),
  row('GET /tec/trade_order/api/manage/skuEpc/queryCombinationSku',                      'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/trade_order/api/manage/skuEpc/verify/skuEpcList',                        'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/trade_order/api/manage/skuEpc/skuEpcList',                               'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/trade_order/api/manage/skuEpc/querySku',                                 'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/trade_order/api/manage/skuEpc/order/verify/skuQuery',                    'store(employeePurchase:verify)',   '401 401 403 403 403 ok  ok'),
  row('GET /tec/trade_order/api/manage/skuEpc/orderCreate/skuEpcList',                   'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/manage/skuEpc/order/verify',                            'store(employeePurchase:verify)',   '401 401 403 403 403 ok  ok'),
  row('GET /tec/market_ms/api/manage/marketingCalendar/list',                            'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/market_ms/api/manage/marketingCalendar/manage/list',                     'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /tec/market_ms/api/manage/marketingCalendar/add',                            'headOffice(marketingCalendar:edit)','401 401 403 403 -   ok  ok'),
  row('POST /tec/market_ms/api/manage/marketingCalendar/delete',                         'headOffice(marketingCalendar:edit)','401 401 403 403 -   ok  ok'),
  row('POST /tec/trade_order/api/uEnjoy/order/cancelPerformanceOrder',               'store(order:cancel)',              '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/api/uEnjoy/order/orderKeepLevelCheck',                  'store(order:cancel)',              '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/order/downloadPrescription/add',                'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/trade_order/manager/order/export',                                  'store(order:export)',              '401 401 403 ok  403 ok  ok'),
  row('POST /tec/fms/excel/ljy/uEnjoy/queryRecordList',                              'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/fms/excel/ljy/uEnjoy/exportAgain',                                  'store(export:again)',              '401 401 403 ok  403 ok  ok'),
  row('GET /tec/fms/excel/ljy/uEnjoy/download',                                      'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /api/dashboard/summary',                                                 'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/portal/user/getUserPage',                                                'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /tec/portal/user/detail',                                                      'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /tec/portal/user/formOptions',                                                 'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /tec/portal/user/storeOptions',                                                'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /tec/portal/user/create',                                                     'headOffice(user:add)',             '401 401 403 403 -   ok  ok'),
  row('POST /tec/portal/user/update',                                                     'headOffice(user:edit)',            '401 401 403 403 -   ok  ok'),
  row('POST /tec/portal/user/setEnabled',                                                 'headOffice(user:enable)',          '401 401 403 403 -   ok  ok'),
  row('POST /tec/portal/user/resetPassword',                                              'headOffice(user:resetPwd)',        '401 401 403 403 -   ok  ok'),
  row('GET /api/dicts/options',                                                           'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('GET /api/dicts/types',                                                             'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /api/dicts/items',                                                             'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /api/dicts/types',                                                            'headOffice(dict:add)',             '401 401 403 403 -   403 ok'),
  row('PUT /api/dicts/types',                                                             'headOffice(dict:edit)',            '401 401 403 403 -   403 ok'),
  row('DELETE /api/dicts/types',                                                          'headOffice(dict:del)',             '401 401 403 403 -   403 ok'),
  row('POST /api/dicts/items',                                                            'headOffice(dict:add)',             '401 401 403 403 -   403 ok'),
  row('PUT /api/dicts/items',                                                             'headOffice(dict:edit)',            '401 401 403 403 -   403 ok'),
  row('PUT /api/dicts/items/enabled',                                                     'headOffice(dict:edit)',            '401 401 403 403 -   403 ok'),
  row('DELETE /api/dicts/items',                                                          'headOffice(dict:del)',             '401 401 403 403 -   403 ok'),
  row('GET /api/depts/tree',                                                              'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /api/depts',                                                                  'headOffice(dept:add)',             '401 401 403 403 -   403 ok'),
  row('PUT /api/depts',                                                                   'headOffice(dept:edit)',            '401 401 403 403 -   403 ok'),
  row('PUT /api/depts/enabled',                                                           'headOffice(dept:edit)',            '401 401 403 403 -   403 ok'),
  row('DELETE /api/depts',                                                                'headOffice(dept:del)',             '401 401 403 403 -   403 ok'),
  row('POST /tec/trade_order/integralMall/manager/valetOrder/sendRedeemCode',             'store(valetOrder:confirm)',        '401 401 403 ok  403 ok  ok'),
  row('GET /api/users/profile',                                                      'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('PUT /api/users/profile',                                                      'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /api/users/profile/phone/code',                                          'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('PUT /api/users/profile/phone',                                                'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /api/users/updatePass',                                                  'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /api/users/updateAvatar',                                                'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('GET /api/users/avatar/:userId',                                               'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('POST /api/announcements/page',                                                          'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /api/announcements/detail',                                                         'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /api/announcements/receipts',                                                       'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /api/announcements/addressees',                                                     'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /api/announcements',                                                               'headOffice(notice:add)',           '401 401 403 403 -   ok  ok'),
  row('PUT /api/announcements',                                                                'headOffice(notice:edit)',          '401 401 403 403 -   ok  ok'),
  row('DELETE /api/announcements',                                                             'headOffice(notice:del)',           '401 401 403 403 -   ok  ok'),
  row('POST /api/announcements/publish',                                                       'headOffice(notice:publish)',       '401 401 403 403 -   ok  ok'),
  row('POST /api/announcements/withdraw',                                                      'headOffice(notice:publish)',       '401 401 403 403 -   ok  ok'),
  row('POST /api/announcements/attachments',                                                   'headOffice(notice:edit)',          '401 401 403 403 -   ok  ok'),
  row('DELETE /api/announcements/attachments',                                                 'headOffice(notice:edit)',          '401 401 403 403 -   ok  ok'),
  row('GET /api/announcements/attachments/file',                                               'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /api/announcements/read',                                                          'signedIn',                         '401 401 ok  ok  -   ok  ok'),
  row('POST /tec/inventory/stock/list',                                                  'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/transfer/list',                                               'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/transfer/detail',                                             'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/transfer/apply',                                              'store(transferIn:apply)',          '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/transfer/dispatch',                                           'store(transferIn:dispatch)',       '401 401 403 403 403 ok  ok'),
  row('POST /tec/inventory/transfer/accept',                                             'store(transferOut:accept)',        '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/transfer/refuse',                                             'store(transferOut:accept)',        '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/transfer/confirmBatch',                                       'store(transferOut:ship)',          '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/transfer/ship',                                               'store(transferOut:ship)',          '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/transfer/receive',                                            'store(transferIn:receive)',        '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/transfer/cancel',                                             'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/audit/pending',                                               'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/audit/mine',                                                  'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/audit/decide',                                                'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/audit/batchApprove',                                          'store(audit:approve)',             '401 401 403 403 403 ok  ok'),
  row('POST /tec/inventory/requestGoods/list',                                                'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/requestGoods/detail',                                              'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/requestGoods/apply',                                               'store(requestGoods:apply)',        '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/requestGoods/cancel',                                              'store(requestGoods:apply)',        '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/requestGoods/receive',                                             'store(requestGoods:apply)',        '401 401 403 ok  403 ok  ok'),
  row('POST /tec/inventory/requestGoods/export',                                              'store(requestGoods:apply)',        '401 401 403 ok  403 ok  ok'),
  row('GET /dev/sms-outbox',                                                         'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('GET /dev/captcha/:uuid',                                                      'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('POST /dev/forget-last-store',                                                 'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('POST /api/client-errors',                                                     'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('POST /tec/market_coupon/api/lingjiyun/integral/applet/coupon/List',               'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/market_coupon/api/lingjiyun/integral/applet/coupon/sendExchangeCode',   'store(coupon:exchange)',           '401 401 403 403 403 ok  ok'),
  row('POST /tec/market_coupon/api/lingjiyun/integral/applet/coupon/exchange',           'store(coupon:exchange)',           '401 401 403 403 403 ok  ok'),
  row('POST /tec/market_coupon/api/lingjiyun/integral/applet/coupon/cancelExchange',     'store(coupon:cancelExchange)',     '401 401 403 403 403 ok  ok'),
  row('POST /tec/market_coupon/api/lingjiyun/integral/applet/coupon/exchangePageList',   'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('GET /tec/market_coupon/api/lingjiyun/integral/applet/coupon/exchangePage',        'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/market_coupon/api/lingjiyun/integral/applet/coupon/exchangeExport',     'store(coupon:export)',             '401 401 403 403 403 ok  ok'),
  row('POST /tec/market_coupon/api/manege/coupon/pageList',                              'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /tec/market_coupon/api/manege/coupon/get',                                    'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /tec/market_coupon/api/manege/coupon/save',                                  'headOffice(coupon:edit)',          '401 401 403 403 -   ok  ok'),
  row('POST /tec/market_coupon/platformIssueScheme/pageList',                            'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /tec/market_coupon/platformIssueScheme/detail',                               'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /tec/market_coupon/issueScheme/get',                                          'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('GET /tec/market_coupon/platformIssueScheme/getChannelAndCouponById',              'headOffice(*)',                    '401 401 403 403 -   ok  ok'),
  row('POST /tec/market_coupon/integral/skuConfig/issueScheme/add',                      'headOffice(issueScheme:add)',      '401 401 403 403 -   ok  ok'),
  row('PUT /tec/market_coupon/issueScheme/update',                                       'headOffice(issueScheme:edit)',     '401 401 403 403 -   ok  ok'),
  row('PUT /tec/market_coupon/api/manege/integral/skuConfig/issueScheme/showOrHide',     'headOffice(issueScheme:showOrHide)','401 401 403 403 -   ok  ok'),
  row('DELETE /tec/market_coupon/issueScheme/delete',                                    'headOffice(issueScheme:delete)',   '401 401 403 403 -   ok  ok'),
  row('POST /tec/market_coupon/api/manege/integral/skuConfig/issueScheme/pageList',      'store(*)',                         '401 401 403 ok  403 ok  ok'),
  row('POST /tec/market_coupon/api/manege/integral/skuConfig/issueScheme/issue',         'store(issueScheme:issue)',         '401 401 403 403 403 ok  ok'),
  row('POST /tec/cms/cmsIntegralClass/getSkuPageInfo',                                     'headOffice(*)',                     '401 401 403 403 -   ok  ok'),
  row('POST /tec/cms/cmsIntegralClass/getNoShopSkuList',                                   'headOffice(*)',                     '401 401 403 403 -   ok  ok'),
  row('POST /tec/cms/cmsIntegralClass/saveClassSku',                                       'headOffice(integralClass:edit)',    '401 401 403 403 -   ok  ok'),
  row('POST /tec/cms/cmsIntegralClass/updateSort',                                         'headOffice(integralClass:sort)',    '401 401 403 403 -   ok  ok'),
  row('GET /tec/cms/cmsIntegralClass/selectClassSkuById/:id',                              'headOffice(*)',                     '401 401 403 403 -   ok  ok'),
  row('GET /tec/cms/api/lingjiyun/cmsIntegralClass/getList',                               'store(*)',                          '401 401 403 ok  403 ok  ok'),
  row('POST /tec/cms/api/lingjiyun/cmsIntegralClass/getSkuPageInfo',                       'store(*)',                          '401 401 403 ok  403 ok  ok'),
  row('POST /tec/cms/api/lingjiyun/cmsIntegralClass/skuPageInfo',                          'store(*)',                          '401 401 403 ok  403 ok  ok'),
  row('POST /tec/cms/api/lingjiyun/cmsIntegralClass/shelvesState',                         'store(integralClass:shelves)',      '401 401 403 403 403 ok  ok'),
  row('POST /tec/cms/api/lingjiyun/cmsIntegralClass/skuStorePageInfo',                     'headOffice(*)',                     '401 401 403 403 -   ok  ok'),
  row('POST /tec/cms/api/lingjiyun/cmsIntegralClass/setManageAuth',                        'headOffice(integralClass:setManageAuth)', '401 401 403 403 -   ok  ok'),
  row('POST /tec/cms/api/cmsIntegralClass/nearShops',                                      'store(*)',                          '401 401 403 ok  403 ok  ok'),
  row('GET /app-config.js',                                                          'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('GET /',                                                                       'public',                           'ok  ok  ok  ok  -   ok  ok'),
  row('GET /*',                                                                      'public',                           'ok  ok  ok  ok  -   ok  ok'),
];

/**
 * Fields the test cannot make up from a store or head-office route's OpenAPI schema (a rule across fields, a
 * phone that may be a landline), laid over the input it makes: these routes check the store and the permission
 * after validation, so an invalid input proves nothing. The caller's store code is filled in by the test.
 */
export const INPUT_PATCHES: Record<string, Record<string, unknown>> = {
  'POST /feo/shopInfo/save': { shopPhone: '13900000000' },
  'POST /ljYun/authOpen/checkUserInfo': { phone: '13900000000' },
  'GET /tec/trade_order/manager/order/detail': { performanceOrderNo: 'NOPE0001' },
  'POST /tec/trade_order/integralMall/manager/valetOrder/create': { deliveryType: 'pickup' },
  'POST /tec/trade_order/api/uEnjoy/valet/trial/change': { deliveryType: 'pickup' },
  'POST /tec/trade_order/api/uEnjoy/valet/trial/expressTrial': { deliveryType: 'pickup' },
  'POST /tec/trade_order/api/uEnjoy/valet/trial/personalization': { deliveryType: 'pickup' },
  'POST /tec/trade_order/manager/customerIntention/follow': { note: '权限矩阵测试' },
  'GET /tec/trade_order/api/manage/skuEpc/verify/skuEpcList': { orderNo: 'EP20260101000000000001' },
  'GET /tec/trade_order/api/manage/skuEpc/order/verify/skuQuery': { orderNo: 'EP20260101000000000001' },
  'POST /tec/trade_order/api/manage/skuEpc/order/verify': { orderNo: 'EP20260101000000000001' },
  'POST /tec/trade_order/api/manage/skuEpc/cancelOrder/checkSku': { orderNo: 'EP20260101000000000001' },
  'POST /tec/trade_order/api/manage/skuEpc/cancelOrder/skuEpcList': { orderNo: 'EP20260101000000000001' },
  'POST /api/menus': { type: 0, path: 'matrix', name: null, component: null, icon: null, permission: null },
  'PUT /api/menus': { type: 0, path: 'matrix', name: null, component: null, icon: null, permission: null },
  'POST /tec/market_coupon/integral/skuConfig/issueScheme/add': {
    startDate: '2026-01-01',
    endDate: '2026-01-02',
    audience: 'all',
    storeScope: 'all',
  },
  'PUT /tec/market_coupon/issueScheme/update': {
    startDate: '2026-01-01',
    endDate: '2026-01-02',
    audience: 'all',
    storeScope: 'all',
  },
  'POST /tec/market_coupon/api/manege/coupon/save': {
    kind: 'cash',
    valueCents: 100,
    thresholdCents: 0,
    storeScope: 'all',
    exchangeFrom: '2026-01-01',
    exchangeTo: '2026-01-02',
  },
};

/**
 * Administrative changes and the audit action each writes (who, when, from which IP, before and after, secrets
 * masked: `modules/audit/audit-log.ts` `change()`), proved by the module's API test with `expectAuditedChange`.
 * Every state-changing route that refuses store staff and lets head office or admin in (by its row) must be
 * here; a `null` action marks such a route that only reads.
 */
export const AUDITED_CHANGES: Record<string, string | null> = {
  'POST /tec/market_coupon/platformIssueScheme/pageList': null,
  'POST /tec/cms/cmsIntegralClass/getSkuPageInfo': null,
  'POST /tec/cms/cmsIntegralClass/getNoShopSkuList': null,
  'POST /tec/cms/api/lingjiyun/cmsIntegralClass/skuStorePageInfo': null,
  'POST /tec/trade_order/integralMall/admin/order/page': null,
  'POST /tec/cms/cmsIntegralClass/saveClassSku': 'integral_class.add, integral_class.update',
  'POST /tec/cms/cmsIntegralClass/updateSort': 'integral_class.sort',
  'POST /tec/cms/api/lingjiyun/cmsIntegralClass/setManageAuth': 'integral_class.set_manage_auth',
  'POST /tec/cms/api/lingjiyun/cmsIntegralClass/shelvesState': 'integral_shelf.state',
  'POST /tec/market_coupon/integral/skuConfig/issueScheme/add': 'issue_scheme.add',
  'PUT /tec/market_coupon/issueScheme/update': 'issue_scheme.update',
  'PUT /tec/market_coupon/api/manege/integral/skuConfig/issueScheme/showOrHide': 'issue_scheme.show_or_hide',
  'DELETE /tec/market_coupon/issueScheme/delete': 'issue_scheme.delete',
  'POST /tec/market_coupon/api/manege/integral/skuConfig/issueScheme/issue': 'issue_scheme.issue',
  'POST /tec/market_coupon/api/lingjiyun/integral/applet/coupon/sendExchangeCode': 'member.points_code_sent',
  'POST /tec/market_coupon/api/lingjiyun/integral/applet/coupon/exchange':
    'coupon.exchange, member.points_redeem',
  'POST /tec/market_coupon/api/lingjiyun/integral/applet/coupon/cancelExchange': 'coupon.cancel_exchange',
  'POST /tec/market_coupon/api/lingjiyun/integral/applet/coupon/exchangeExport': null,
  'POST /tec/market_coupon/api/manege/coupon/pageList': null,
  'POST /tec/market_coupon/api/manege/coupon/save': 'coupon.add, coupon.update',
  'POST /ljYun/authOpen/checkUserInfo': null,
  'POST /ljYun/authOpen/confirmOpen': 'auth-open.open',
  'POST /ljYun/authOpen/userInfoBatchImport': 'auth-open.import',
  'POST /ljYun/authOpen/confirmOrRefuse': 'auth-open.confirm, auth-open.refuse',
  'POST /tec/trade_order/api/manage/performanceOrderCancelCheckHelp/setState': 'cancel-check.decide',
  'POST /tec/inventory/audit/batchApprove': 'approval.approved',
  'POST /tec/inventory/transfer/dispatch': 'transfer.dispatch',
  'POST /feo/shopInfo/save': 'store.info.save',
  'POST /api/roles': 'role.create',
  'PUT /api/roles/:id': 'role.edit',
  'DELETE /api/roles/:id': 'role.delete',
  'POST /api/menus': 'menu.create',
  'PUT /api/menus': 'menu.update',
  'DELETE /api/menus': 'menu.delete',
  'POST /api/announcements/page': null,
  'POST /api/announcements': 'announcement.create',
  'PUT /api/announcements': 'announcement.update',
  'DELETE /api/announcements': 'announcement.delete',
  'POST /api/announcements/publish': 'announcement.publish',
  'POST /api/announcements/withdraw': 'announcement.withdraw',
  'POST /api/announcements/attachments': 'announcement.attachment.add',
  'DELETE /api/announcements/attachments': 'announcement.attachment.remove',
  'POST /tec/portal/user/getUserPage': null,
  'POST /tec/portal/user/create': 'user.create',
  'POST /tec/portal/user/update': 'user.update',
  'POST /tec/portal/user/setEnabled': 'user.enable, user.disable',
  'POST /tec/portal/user/resetPassword': 'user.password.reset',
  'POST /api/dicts/types': 'dict.type.create',
  'PUT /api/dicts/types': 'dict.type.update',
  'DELETE /api/dicts/types': 'dict.type.delete',
  'POST /api/dicts/items': 'dict.item.create',
  'PUT /api/dicts/items': 'dict.item.update',
  'PUT /api/dicts/items/enabled': 'dict.item.enable, dict.item.disable',
  'DELETE /api/dicts/items': 'dict.item.delete',
  'POST /api/depts': 'dept.create',
  'PUT /api/depts': 'dept.update',
  'PUT /api/depts/enabled': 'dept.enable, dept.disable',
  'DELETE /api/depts': 'dept.delete',
  'POST /tec/store_ms/api/manage/shopInfo/pageShopList': null,
  'POST /tec/store_ms/shopInfo/conditionQueryShop': null,
  'POST /tec/store_ms/api/shopInfo/groupInfo': null,
  'POST /tec/store_ms/shopInfoApp/addShop': 'store.create',
  'POST /tec/store_ms/shopInfoApp/editShop': 'store.update',
  'GET /tec/store_ms/shopInfoApp/editStatus': 'store.close, store.reopen',
  'POST /tec/store_ms/shopGroup/page': null,
  'POST /tec/store_ms/shopGroup': 'shopGroup.create',
  'PUT /tec/store_ms/shopGroup': 'shopGroup.update',
  'DELETE /tec/store_ms/shopGroup': 'shopGroup.delete',
  'POST /tec/market_ms/api/manage/teaTreeAdopt/sendConfirmCode': 'member.tea_tree_code_sent',
  'POST /tec/market_ms/api/manage/teaTreeAdopt/add': 'member.tea_tree_adopt',
  'POST /tec/market_ms/api/manage/marketingCalendar/add': 'marketing.event_add',
  'POST /tec/market_ms/api/manage/marketingCalendar/delete': 'marketing.event_delete',
  'POST /tec/trade_order/api/manage/skuEpc/checkSku': 'employee_purchase.scan',
  'POST /tec/trade_order/api/manage/skuEpc/order/checkEpc/delete': 'employee_purchase.unscan',
  'POST /tec/trade_order/api/manage/skuEpc/order/delete': 'employee_purchase.discard',
  'POST /tec/trade_order/api/manage/skuEpc/add': 'employee_purchase.place',
  'POST /tec/trade_order/api/manage/skuEpc/order/verify': 'employee_purchase.verify',
  'POST /tec/trade_order/api/manage/skuEpc/cancelOrder/skuEpcList': 'employee_purchase.cancel',
  'POST /tec/trade_order/api/manage/skuEpc/cancelOrder/checkSku': null,
};

/** Rows of state-changing routes that refuse store staff in their store and let head office or admin in. */
export function administrativeRows(rows: readonly MatrixRow[]): MatrixRow[] {
  return rows.filter(
    (r) =>
      !r.route.startsWith('GET ') &&
      r.expected.staff === '403' &&
      (r.expected.headOffice === 'ok' || r.expected.admin === 'ok'),
  );
}

/** The Markdown of `docs/security/route-matrix.md`. */
export function renderMatrixMarkdown(
  rows: readonly MatrixRow[],
  audited: Record<string, string | null> = AUDITED_CHANGES,
): string {
  const header = ['route', 'rule', ...CALLERS.map((c) => CALLER_TITLES[c])];
  const lines = [
    '# Route authorisation matrix',
    '',
    '<!-- Generated from apps/server/src/test/route-matrix.ts: edit the table there, then run',
    '     UPDATE_ROUTE_MATRIX=1 npx vitest run --project server apps/server/src/test/route-matrix.test.ts -->',
    '',
    'Every route of the server, the access rule it declares (`apps/server/src/http/route.ts`) and what each',
    'kind of caller gets. `ok`: the access layer lets the call through (the answer may still be 400 or 404 for',
    'the input); `401` / `403`: refused; `-`: not asked. Signed-in callers name store A, which head office, admin',
    'and the store staff are authorised for; "foreign store" is the store staff naming store B. The callers hold',
    'the built-in roles (`store_staff`, `head_office`, `admin`) with their seeded menus and buttons.',
    '',
    'Proved by `apps/server/src/http/route-matrix.api.test.ts` on PGlite and PostgreSQL; how to add a row:',
    '`docs/security.md` "The route matrix".',
    '',
    `${rows.length} routes × ${CALLERS.length} callers.`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map(
      (r) => `| \`${r.route}\` | \`${r.rule}\` | ${CALLERS.map((c) => r.expected[c]).join(' | ')} |`,
    ),
    '',
    '## Audited administrative changes',
    '',
    'Each writes an audit row (`audit_log`: actor, time, IP, the state before and after, secrets masked). Every',
    'state-changing route that refuses store staff and lets head office or admin in must be listed here',
    '(`AUDITED_CHANGES`); the module API tests prove the rows with `expectAuditedChange`.',
    '',
    '| route | audit action |',
    '|---|---|',
    ...Object.entries(audited).map(
      ([route, action]) => `| \`${route}\` | ${action ? `\`${action}\`` : 'reads only'} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
