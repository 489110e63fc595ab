import type { placeSuggestionSchema } from '@console/contract';
import {
  lookupEndpoints,
  valetEndpoints,
  type AddressAddBody,
  type CyclePlanProposal,
  type IntegralCreateBody,
  type MemberAddress,
  type MemberSummary,
  type RedeemCodeSent,
  type TrialBody,
  type TrialResult,
  type UenjoyCreateBody,
  type ValetActionResult,
  type ValetKind,
} from '@console/contract';
import type { z } from 'zod';
import { call } from '../../lib/http';

type Scoped<T> = Omit<T, 'storeCode'> & { storeCode: string };

/** Steps and dialogs show a refusal in place (会员积分不足 belongs next to the points, not in a toast). */
const inPlace = { flags: { silent: true } } as const;

/** SKUs per page of the uEnjoy shelf. */
export const UENJOY_SHELF_PAGE_SIZE = 12;

export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

/** The lookups of the valet flow (member, address, SKUs) and the valet orders of both kinds. */
export const valetApi = {
  async searchMembers(storeCode: string, keywords: string, signal?: AbortSignal): Promise<MemberSummary[]> {
    const input = { storeCode, keywords };
    const [members, temporary] = await Promise.all([
      call(lookupEndpoints.memberByKeywords, input, { signal }),
      call(lookupEndpoints.temporaryMemberByKeywords, input, { signal }),
    ]);
    return [...members, ...temporary];
  },
  async addTemporaryMember(storeCode: string, name: string, phone: string): Promise<MemberSummary> {
    const { created: _created, ...member } = await call(
      lookupEndpoints.temporaryMemberAdd,
      { storeCode, name, phone },
      inPlace,
    );
    return member;
  },
  lastAddress: (storeCode: string, memberId: string, signal?: AbortSignal): Promise<MemberAddress | null> =>
    call(lookupEndpoints.lastValetAddress, { storeCode, memberId }, { signal }),
  addresses: (storeCode: string, memberId: string, signal?: AbortSignal): Promise<MemberAddress[]> =>
    call(lookupEndpoints.addressList, { storeCode, memberId }, { signal }),
  addAddress: (body: Scoped<AddressAddBody>): Promise<MemberAddress> =>
    call(lookupEndpoints.addressAdd, body, inPlace),
  places: (storeCode: string, keywords: string): Promise<PlaceSuggestion[]> =>
    call(lookupEndpoints.addressByKeywords, { storeCode, keywords }, inPlace),
  integralLabels: (storeCode: string, signal?: AbortSignal) =>
    call(lookupEndpoints.integralLabels, { storeCode }, { signal }),
  integralSkus: (storeCode: string, labelName: string | undefined, signal?: AbortSignal) =>
    call(
      lookupEndpoints.integralSkuAppPage,
      { storeCode, pageNum: 1, pageSize: 50, ...(labelName ? { labelName } : {}) },
      { signal },
    ),
  /** The uEnjoy shelf: subscriptions on sale, by name (part) or code. */
  uenjoySkus: (storeCode: string, keyword: string, pageNum: number, signal?: AbortSignal) =>
    call(
      lookupEndpoints.uenjoySkuAppPage,
      { storeCode, pageNum, pageSize: UENJOY_SHELF_PAGE_SIZE, ...(keyword ? { keyword } : {}) },
      { signal },
    ),
  cyclePlan: (storeCode: string, skuCode: string, firstDeliveryDate?: string): Promise<CyclePlanProposal> =>
    call(
      valetEndpoints.changePlan,
      { storeCode, skuCode, ...(firstDeliveryDate ? { firstDeliveryDate } : {}) },
      inPlace,
    ),
  trial: (body: Scoped<TrialBody>): Promise<TrialResult> => call(valetEndpoints.trialChange, body, inPlace),
  createIntegral: (body: Scoped<IntegralCreateBody>): Promise<ValetActionResult> =>
    call(valetEndpoints.integralCreate, body, inPlace),
  createUenjoy: (body: Scoped<UenjoyCreateBody>): Promise<ValetActionResult> =>
    call(valetEndpoints.uenjoyCreate, body, inPlace),
  /** `memberCode`: the member's code, needed when the order spends points. */
  confirm: (
    kind: ValetKind,
    storeCode: string,
    valetOrderNo: string,
    memberCode?: string,
  ): Promise<ValetActionResult> =>
    call(
      valetEndpoints[kind].confirm,
      { storeCode, valetOrderNo, ...(memberCode ? { memberCode } : {}) },
      inPlace,
    ),
  /** Texts the member of a points order the code that confirms spending the points. */
  sendRedeemCode: (storeCode: string, valetOrderNo: string): Promise<RedeemCodeSent> =>
    call(valetEndpoints.integralSendRedeemCode, { storeCode, valetOrderNo }, inPlace),
  cancel: (kind: ValetKind, storeCode: string, valetOrderNo: string, reason: string) =>
    call(valetEndpoints[kind].cancel, { storeCode, valetOrderNo, reason }, inPlace),
};

/** React Query keys; every key carries the store, so a store switch never shows another store's rows. */
export const valetKeys = {
  all: ['valet'] as const,
  /** The list call's request is appended (useListData). */
  list: (storeCode: string, kind: ValetKind) => ['valet', 'list', storeCode, kind] as const,
  /** The valet order number is appended (useDetailQuery). */
  detail: (storeCode: string) => ['valet', 'detail', storeCode] as const,
  members: (storeCode: string, keywords: string) => ['valet', 'members', storeCode, keywords] as const,
  addresses: (storeCode: string, memberId: string) => ['valet', 'addresses', storeCode, memberId] as const,
  lastAddress: (storeCode: string, memberId: string) =>
    ['valet', 'last-address', storeCode, memberId] as const,
  labels: (storeCode: string) => ['valet', 'labels', storeCode] as const,
  skus: (storeCode: string, label: string) => ['valet', 'skus', storeCode, label] as const,
  uenjoySkus: (storeCode: string, keyword: string, pageNum: number) =>
    ['valet', 'uenjoy-skus', storeCode, keyword, pageNum] as const,
};
