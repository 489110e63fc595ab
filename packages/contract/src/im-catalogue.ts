/**
 * The message kinds of spec 4.9: every business type, family and message type with its title, detail button,
 * icon, sound and target. The server validates published messages against it; the console draws from it.
 * Decisions where the spec is open are in docs/domain/messages.md.
 */

/**
 * Message business types (filter tags), spec 4.9. Member follow-up is 9 (the first reading). The spec names
 * 3 to 7 all 云仓; five identical tags would be unusable, so each carries its family after 云仓·.
 */
export const BUSINESS_TYPES = [
  { code: 1, message: '线上订单', color: '#ff2f28', family: 'onlineOrder' },
  { code: 2, message: '小程序', color: '#fa8c16', family: 'orderCustomer' },
  { code: 3, message: '云仓·履约', color: '#13c2c2', family: 'fulfilment' },
  { code: 4, message: '云仓·调拨', color: '#1677ff', family: 'inventory' },
  { code: 5, message: '云仓·审核', color: '#722ed1', family: 'approvalTodo' },
  { code: 6, message: '云仓·审核结果', color: '#2f54eb', family: 'approvalResult' },
  { code: 7, message: '云仓·其他', color: '#08979c', family: 'general' },
  { code: 8, message: '码记录', color: '#8c8c8c', family: 'general' },
  { code: 9, message: '会员跟进', color: '#52c41a', family: 'member' },
  { code: 10, message: '营销', color: '#eb2f96', family: 'general' },
  // Not in spec 4.9: head office's notices (通知公告, docs/domain/announcements.md).
  { code: 11, message: '通知公告', color: '#faad14', family: 'notice' },
] as const;

export type BusinessTypeCode = (typeof BUSINESS_TYPES)[number]['code'];
export type MessageFamily = (typeof BUSINESS_TYPES)[number]['family'];

/** Business type that asks "消息通知" before opening (spec 4.5). */
export const MEMBER_FOLLOW_UP_BUSINESS_TYPE = 9;

export const DEFAULT_MESSAGE_TITLE = '您有一条新的消息提醒';
export const DEFAULT_DETAIL_TEXT = '查看详情';

/** The sounds of spec 4.9, one file each under apps/web/public/sounds/<key>.mp3. */
export const MESSAGE_SOUNDS = [
  'orderCancel',
  'waitForShip',
  'waitForHandle',
  'storeDelivery',
  'inventoryShortage',
  'memberUpgrade',
  'auditTaskApply',
  'allocationOutDeliverySubmit',
  'auditRejectAllocationOutDelivery',
  'orderCancelCheck',
  'defaultRemind',
  'mooncakeRepurchase',
  'borrowReject',
  'equityUpgrade',
  'auditTaskSubmitBorrow',
  'allocationCancelAll',
  'orderReceived',
  'orderRemind',
] as const;
export type MessageSound = (typeof MESSAGE_SOUNDS)[number];

/** The notification kinds of the message center, one icon each (spec 4.9). */
export const MESSAGE_ICONS = [
  'allocationIn',
  'allocationOut',
  'allocationCancelAll',
  'auditTask',
  'auditPass',
  'auditReject',
  'cancelCheck',
  'cancel',
  'customerIntention',
  'equity',
  'waitShip',
  'waitShipCancel',
  'notTaken',
  'receivedCancel',
  'remind',
  'repurchase',
] as const;
export type MessageIcon = (typeof MESSAGE_ICONS)[number];

/**
 * Where a message leads (spec 2.15): a named route, whose query is built from expandInfo. Each query entry maps
 * a query key to an expandInfo field (`{ from }`) or a fixed value (`{ value }`). `null` = no screen.
 */
export type TargetQuery = Record<string, { from: string } | { value: string }>;
export type MessageTarget = { name: string; query: TargetQuery } | null;

export type MessageKind = {
  title: string;
  detailText: string;
  icon: MessageIcon;
  sound: MessageSound;
  target: MessageTarget;
};

const to = (name: string, query: TargetQuery = {}): MessageTarget => ({ name, query });
const from = (field: string) => ({ from: field });
const fixed = (value: string) => ({ value });

const kind = (
  title: string,
  icon: MessageIcon,
  sound: MessageSound,
  target: MessageTarget,
  detailText: string = DEFAULT_DETAIL_TEXT,
): MessageKind => ({ title, detailText, icon, sound, target });

const robOrder = to('robOrderDetail', { performancePlanOrderNo: from('performancePlanOrderNo') });
/** An online order's offer opens the same grab detail. */
const offer = robOrder;
const valetOrder = to('valetOrderManagerDetail', { id: from('sourceOrderNo') });
const receivedOrders = to('ReceivedOrders', { inOrderNo: from('inOrderNo') });
const shipApplication = to('applicationDetail', { id: from('id'), selectTab: fixed('sendOutGoods') });
const requestGoods = to('RequestGoodsDetails', { id: from('id'), orderNo: from('orderNo') });
const review = (busiType: string) => to('reviewPendingDetail', { id: from('id'), busiType: fixed(busiType) });
const secondment = to('DailySecondmentDetail', { id: from('id') });

/** Message kinds by family, then by messageType. */
export const MESSAGE_KINDS: Record<MessageFamily, Record<number, MessageKind>> = {
  onlineOrder: {
    1: kind('您有新的线上订单', 'waitShip', 'waitForShip', offer),
    2: kind('线上订单已取消', 'waitShipCancel', 'orderCancel', offer),
  },
  orderCustomer: {
    1: kind('您有新的接单提醒', 'remind', 'orderRemind', robOrder),
    2: kind('您的订单暂无门店接单', 'notTaken', 'waitForHandle', valetOrder),
    3: kind('您的客户已取消订单', 'cancel', 'orderCancel', valetOrder),
    4: kind('您接的客户订单已取消', 'receivedCancel', 'orderCancel', robOrder),
    5: kind(
      '您有待发货的订单',
      'waitShip',
      'waitForShip',
      to('receivedOrderDetail', {
        omsOrderNo: from('omsOrderNo'),
        performanceOrderNo: from('performanceOrderNo'),
      }),
    ),
    6: kind(
      '您有新的客户意向',
      'customerIntention',
      'defaultRemind',
      to('CustomerIntentionDetail', { omsConsultantsNo: from('omsConsultantsNo') }),
    ),
    7: kind('您有已接单待发货的订单待处理', 'waitShip', 'orderReceived', robOrder),
  },
  fulfilment: {
    1: kind(
      '您有新的履约单取消核查申请',
      'cancelCheck',
      'orderCancelCheck',
      to('CancelCheckHelp', { id: from('id') }),
    ),
  },
  inventory: {
    1: kind(
      '调出接单提醒，请发货',
      'allocationOut',
      'storeDelivery',
      to('takeOrdersDetail', { id: from('id') }),
    ),
    2: kind('自动调入单已派单', 'allocationIn', 'defaultRemind', receivedOrders),
    3: kind('调入接单提醒', 'allocationIn', 'storeDelivery', to('receivingOrderDetails', { id: from('id') })),
    4: kind(
      '调出申请已接受，请确认发货批次',
      'allocationOut',
      'allocationOutDeliverySubmit',
      shipApplication,
    ),
    5: kind('调入货品已发货，请收货', 'allocationIn', 'storeDelivery', receivedOrders),
    6: kind('调入单已取消', 'allocationCancelAll', 'allocationCancelAll', receivedOrders),
    7: kind('调入单已取消', 'allocationCancelAll', 'allocationCancelAll', receivedOrders),
    8: kind('调入单已取消', 'allocationCancelAll', 'allocationCancelAll', receivedOrders),
    9: kind('要货缺货提醒', 'remind', 'inventoryShortage', requestGoods),
    // Not in spec 4.9: the day-before reminder of a loan's due date (docs/domain/inventory.md "Borrowing").
    10: kind('借货即将到期，请及时归还', 'remind', 'defaultRemind', secondment),
  },
  approvalTodo: {
    21: kind('要货审核', 'auditTask', 'auditTaskApply', review('1')),
    22: kind('接受调出审核', 'auditTask', 'auditTaskApply', review('4')),
    23: kind('调出发货确认审核', 'auditTask', 'auditTaskApply', review('3')),
    24: kind('借货审核', 'auditTask', 'auditTaskSubmitBorrow', review('2')),
  },
  approvalResult: {
    31: kind('要货审核通过', 'auditPass', 'defaultRemind', requestGoods),
    32: kind('要货审核驳回', 'auditReject', 'auditRejectAllocationOutDelivery', requestGoods),
    33: kind('接受调出审核通过', 'auditPass', 'defaultRemind', shipApplication),
    // 34, 35 and 36 open no screen (spec 4.9, second reading).
    34: kind('接受调出审核驳回', 'auditReject', 'auditRejectAllocationOutDelivery', null),
    35: kind('发货审核通过', 'auditPass', 'defaultRemind', null),
    36: kind('发货审核驳回', 'auditReject', 'auditRejectAllocationOutDelivery', null),
    37: kind('借货审核通过', 'auditPass', 'defaultRemind', secondment),
    38: kind('借货审核驳回', 'auditReject', 'borrowReject', secondment),
  },
  member: {
    1: kind(
      '复购提醒',
      'repurchase',
      'mooncakeRepurchase',
      to('memberStore', { memberId: from('memberId'), permissionUser: fixed('1') }),
    ),
    2: kind(
      '会员权益升级提醒',
      'equity',
      'equityUpgrade',
      to('memberStore', { memberId: from('memberId'), activateUser: fixed('1') }),
    ),
    // Member upgrade reminders: 3 needs assignment, 4 plain, 5 needs tagging (spec 4.9 kinds 1 to 3). 去分配
    // opens 会员跟进 (memberStore with memberId alone: its 待分配 tab, that member), where the guide is assigned.
    3: kind(
      '会员升级提醒',
      'equity',
      'memberUpgrade',
      to('memberStore', { memberId: from('memberId') }),
      '去分配',
    ),
    4: kind('会员升级提醒', 'equity', 'memberUpgrade', to('memberInquiry', { memberId: from('memberId') })),
    5: kind(
      '会员升级提醒',
      'equity',
      'memberUpgrade',
      to('memberInquiry', { memberId: from('memberId'), isTag: fixed('1') }),
      '去打标',
    ),
  },
  general: {
    1: kind(DEFAULT_MESSAGE_TITLE, 'remind', 'defaultRemind', null),
  },
  // The reader view is a static route every signed-in user has (NOTICE_READER_ROUTE of announcements.ts).
  notice: {
    1: kind(
      '您有一条新的通知公告',
      'remind',
      'defaultRemind',
      to('NoticeReader', { id: from('announcementId') }),
      '查看公告',
    ),
  },
};

export function businessTypeOf(code: number) {
  return BUSINESS_TYPES.find((t) => t.code === code) ?? null;
}

/** The kind of a (businessType, messageType) pair, or null when the pair is not in spec 4.9. */
export function messageKindOf(businessType: number, messageType: number): MessageKind | null {
  const type = businessTypeOf(businessType);
  if (!type) return null;
  return MESSAGE_KINDS[type.family][messageType] ?? null;
}

/** The message types a business type accepts, for validation messages. */
export function messageTypesOf(businessType: number): number[] {
  const type = businessTypeOf(businessType);
  return type ? Object.keys(MESSAGE_KINDS[type.family]).map(Number) : [];
}

/**
 * expandInfo key naming the work code of the person whose own action caused the message (a grab). Everyone of
 * the store gets the message; the console pops it up for everyone but that person (docs/domain/messages.md).
 */
export const MESSAGE_ACTOR_KEY = 'actorWorkCode';

/** Whether the message tells its receiver about something they just did themselves: no pop-up, no sound. */
export function isOwnAction(message: {
  receiver: string;
  messageContent: { expandInfo: Record<string, unknown> };
}): boolean {
  const actor = message.messageContent.expandInfo[MESSAGE_ACTOR_KEY];
  return typeof actor === 'string' && actor !== '' && actor === message.receiver;
}
