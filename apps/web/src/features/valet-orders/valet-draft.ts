import type {
  DeliveryType,
  MemberAddress,
  MemberSummary,
  SkuInfo,
  TrialResult,
  ValetActionResult,
  ValetKind,
} from '@console/contract';
import { VALET_LABELS } from './labels';

/** A line of the basket: the SKU as listed (name, points, price) and how many. */
export type DraftLine = {
  sku: Pick<SkuInfo, 'skuCode' | 'name' | 'spec' | 'priceCents' | 'points'>;
  quantity: number;
};

/**
 * Everything the 代客下单 flow has collected. It lives in the page, not in a step, so going back a step keeps
 * it; each kind keeps its own basket so switching the tab loses nothing.
 */
export type ValetDraft = {
  member: MemberSummary | null;
  deliveryType: DeliveryType;
  address: MemberAddress | null;
  kind: ValetKind;
  lines: Record<ValetKind, DraftLine[]>;
  /** The uEnjoy price trial; any change to member, delivery or basket voids it. */
  trial: TrialResult | null;
  firstDeliveryDate: string | null;
  remark: string;
  created: ValetActionResult | null;
};

export const STEPS = ['member', 'address', 'items', 'trial', 'confirm'] as const;
export type StepIndex = 0 | 1 | 2 | 3 | 4;
export const QUANTITY_MAX = 99;

export const emptyDraft = (): ValetDraft => ({
  member: null,
  deliveryType: 'pickup',
  address: null,
  kind: 'integral',
  lines: { integral: [], uenjoy: [] },
  trial: null,
  firstDeliveryDate: null,
  remark: '',
  created: null,
});

export type DraftAction =
  | { type: 'member'; member: MemberSummary }
  | { type: 'delivery'; deliveryType: DeliveryType }
  | { type: 'address'; address: MemberAddress | null }
  | { type: 'kind'; kind: ValetKind }
  | { type: 'quantity'; kind: ValetKind; sku: DraftLine['sku']; quantity: number }
  | { type: 'trial'; trial: TrialResult | null }
  | { type: 'firstDeliveryDate'; date: string | null }
  | { type: 'remark'; remark: string }
  | { type: 'created'; result: ValetActionResult }
  | { type: 'reset' };

function withQuantity(lines: DraftLine[], sku: DraftLine['sku'], quantity: number): DraftLine[] {
  const clamped = Math.max(0, Math.min(QUANTITY_MAX, Math.floor(quantity)));
  const rest = lines.filter((line) => line.sku.skuCode !== sku.skuCode);
  if (clamped === 0) return rest;
  const index = lines.findIndex((line) => line.sku.skuCode === sku.skuCode);
  const line = { sku, quantity: clamped };
  if (index < 0) return [...lines, line];
  return lines.map((existing, i) => (i === index ? line : existing));
}

export function draftReducer(draft: ValetDraft, action: DraftAction): ValetDraft {
  switch (action.type) {
    case 'member':
      if (draft.member?.memberId === action.member.memberId) return { ...draft, member: action.member };
      // Another customer: the address was theirs, the trial was priced for them.
      return { ...draft, member: action.member, address: null, trial: null };
    case 'delivery':
      return { ...draft, deliveryType: action.deliveryType, trial: null };
    case 'address':
      return { ...draft, address: action.address, trial: null };
    case 'kind':
      return { ...draft, kind: action.kind, trial: null };
    case 'quantity':
      return {
        ...draft,
        lines: {
          ...draft.lines,
          [action.kind]: withQuantity(draft.lines[action.kind], action.sku, action.quantity),
        },
        trial: null,
      };
    case 'trial':
      return { ...draft, trial: action.trial };
    case 'firstDeliveryDate':
      return { ...draft, firstDeliveryDate: action.date };
    case 'remark':
      return { ...draft, remark: action.remark };
    case 'created':
      return { ...draft, created: action.result };
    case 'reset':
      return emptyDraft();
  }
}

export const currentLines = (draft: ValetDraft): DraftLine[] => draft.lines[draft.kind];

/** The points-mall trial, worked out here: points and any cash part from the SKUs; the points mall ships free. */
export function integralTrial(lines: readonly DraftLine[], memberPoints: number) {
  const goodsCents = lines.reduce((sum, line) => sum + line.sku.priceCents * line.quantity, 0);
  const points = lines.reduce((sum, line) => sum + line.sku.points * line.quantity, 0);
  return {
    goodsCents,
    freightCents: 0,
    discountCents: 0,
    payCents: goodsCents,
    points,
    memberPoints,
    remainingPoints: memberPoints - points,
    pointsShort: points > memberPoints,
  };
}
export type IntegralTrial = ReturnType<typeof integralTrial>;

/** Why the flow cannot leave `step` yet; null when it can. */
export function stepError(draft: ValetDraft, step: StepIndex): string | null {
  switch (step) {
    case 0:
      return draft.member ? null : '请选择会员';
    case 1:
      if (draft.deliveryType === 'pickup') return null;
      if (!draft.address) return '请选择收货地址';
      if (draft.deliveryType === 'store_delivery' && !draft.address.withinBikeDistance)
        return VALET_LABELS.address.outOfRange;
      return null;
    case 2:
      return currentLines(draft).length > 0 ? null : '请选择商品';
    case 3:
      if (draft.kind === 'integral')
        return integralTrial(currentLines(draft), draft.member?.points ?? 0).pointsShort
          ? VALET_LABELS.trial.notEnough
          : null;
      return draft.trial ? null : VALET_LABELS.trial.needTrial;
    case 4:
      return null;
  }
}

/** The first step before `target` that is not complete, or null when `target` may be opened. */
export function blockingStep(draft: ValetDraft, target: StepIndex): StepIndex | null {
  for (let step = 0; step < target; step += 1) {
    if (stepError(draft, step as StepIndex)) return step as StepIndex;
  }
  return null;
}

/** Anything typed or chosen that leaving the page would lose (a submitted order is kept by the server). */
export const isDirty = (draft: ValetDraft): boolean =>
  draft.created === null &&
  (draft.member !== null || draft.lines.integral.length > 0 || draft.lines.uenjoy.length > 0);

/**
 * What the uEnjoy trial and the points-mall create send of the draft: the member, the delivery, the address
 * (none for pickup) and the current basket's lines.
 */
export const basketOf = (draft: ValetDraft, member: Pick<MemberSummary, 'memberId'>) => ({
  memberId: member.memberId,
  deliveryType: draft.deliveryType,
  ...(draft.deliveryType !== 'pickup' && draft.address ? { addressId: draft.address.addressId } : {}),
  items: currentLines(draft).map((line) => ({ skuCode: line.sku.skuCode, quantity: line.quantity })),
});
