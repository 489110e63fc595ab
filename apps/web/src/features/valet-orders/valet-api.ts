import {
  LOOKUP_PATHS,
  VALET_PATHS,
  cyclePlanProposalSchema,
  integralLabelSchema,
  memberAddressSchema,
  memberSummarySchema,
  placeSuggestionSchema,
  skuPageSchema,
  temporaryMemberResultSchema,
  trialResultSchema,
  valetActionResultSchema,
  valetOrderDetailSchema,
  valetOrderPageSchema,
  type AddressAddBody,
  type CyclePlanProposal,
  type IntegralCreateBody,
  type MemberAddress,
  type MemberSummary,
  type TrialBody,
  type TrialResult,
  type UenjoyCreateBody,
  type ValetActionResult,
  type ValetKind,
  type ValetListBody,
  type ValetOrderDetail,
} from '@console/contract';
import { z } from 'zod';
import { http } from '../../lib/http';

type Scoped<T> = Omit<T, 'storeCode'> & { storeCode: string };

/** Steps and dialogs show a refusal in place (会员积分不足 belongs next to the points, not in a toast). */
const inPlace = { flags: { silent: true } } as const;

const KIND_PATHS: Record<ValetKind, { list: string; confirm: string; cancel: string }> = {
  integral: {
    list: VALET_PATHS.integralList,
    confirm: VALET_PATHS.integralConfirm,
    cancel: VALET_PATHS.integralCancel,
  },
  uenjoy: {
    list: VALET_PATHS.uenjoyList,
    confirm: VALET_PATHS.uenjoyConfirm,
    cancel: VALET_PATHS.uenjoyCancel,
  },
};

/** SKUs per page of the uEnjoy shelf. */
export const UENJOY_SHELF_PAGE_SIZE = 12;

export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

/** The lookups of the valet flow (member, address, SKUs) and the valet orders of both kinds. */
export const valetApi = {
  async searchMembers(storeCode: string, keywords: string, signal?: AbortSignal): Promise<MemberSummary[]> {
    const params = { storeCode, keywords };
    const [members, temporary] = await Promise.all([
      http.get<unknown>(LOOKUP_PATHS.memberByKeywords, { params, signal }),
      http.get<unknown>(LOOKUP_PATHS.temporaryMemberByKeywords, { params, signal }),
    ]);
    return [...z.array(memberSummarySchema).parse(members), ...z.array(memberSummarySchema).parse(temporary)];
  },
  async addTemporaryMember(storeCode: string, name: string, phone: string): Promise<MemberSummary> {
    const data = await http.post<unknown>(
      LOOKUP_PATHS.temporaryMemberAdd,
      { storeCode, name, phone },
      inPlace,
    );
    const { created: _created, ...member } = temporaryMemberResultSchema.parse(data);
    return member;
  },
  async lastAddress(
    storeCode: string,
    memberId: number,
    signal?: AbortSignal,
  ): Promise<MemberAddress | null> {
    const data = await http.get<unknown>(LOOKUP_PATHS.lastValetAddress, {
      params: { storeCode, memberId },
      signal,
    });
    return memberAddressSchema.nullable().parse(data);
  },
  async addresses(storeCode: string, memberId: number, signal?: AbortSignal): Promise<MemberAddress[]> {
    const data = await http.post<unknown>(LOOKUP_PATHS.addressList, { storeCode, memberId }, { signal });
    return z.array(memberAddressSchema).parse(data);
  },
  async addAddress(body: Scoped<AddressAddBody>): Promise<MemberAddress> {
    return memberAddressSchema.parse(await http.post<unknown>(LOOKUP_PATHS.addressAdd, body, inPlace));
  },
  async places(storeCode: string, keywords: string): Promise<PlaceSuggestion[]> {
    const data = await http.post<unknown>(LOOKUP_PATHS.addressByKeywords, { storeCode, keywords }, inPlace);
    return z.array(placeSuggestionSchema).parse(data);
  },
  async integralLabels(storeCode: string, signal?: AbortSignal) {
    const data = await http.get<unknown>(LOOKUP_PATHS.integralLabels, { params: { storeCode }, signal });
    return z.array(integralLabelSchema).parse(data);
  },
  async integralSkus(storeCode: string, labelName: string | undefined, signal?: AbortSignal) {
    const body = { storeCode, pageNum: 1, pageSize: 50, ...(labelName ? { labelName } : {}) };
    return skuPageSchema.parse(await http.post<unknown>(LOOKUP_PATHS.integralSkuAppPage, body, { signal }));
  },
  /** The uEnjoy shelf: subscriptions on sale, by name (part) or code. */
  async uenjoySkus(storeCode: string, keyword: string, pageNum: number, signal?: AbortSignal) {
    const body = { storeCode, pageNum, pageSize: UENJOY_SHELF_PAGE_SIZE, ...(keyword ? { keyword } : {}) };
    return skuPageSchema.parse(await http.post<unknown>(LOOKUP_PATHS.uenjoySkuAppPage, body, { signal }));
  },
  async cyclePlan(
    storeCode: string,
    skuCode: string,
    firstDeliveryDate?: string,
  ): Promise<CyclePlanProposal> {
    const body = { storeCode, skuCode, ...(firstDeliveryDate ? { firstDeliveryDate } : {}) };
    return cyclePlanProposalSchema.parse(await http.post<unknown>(VALET_PATHS.changePlan, body, inPlace));
  },
  async trial(body: Scoped<TrialBody>): Promise<TrialResult> {
    return trialResultSchema.parse(await http.post<unknown>(VALET_PATHS.trialChange, body, inPlace));
  },
  async createIntegral(body: Scoped<IntegralCreateBody>): Promise<ValetActionResult> {
    return valetActionResultSchema.parse(await http.post<unknown>(VALET_PATHS.integralCreate, body, inPlace));
  },
  async createUenjoy(body: Scoped<UenjoyCreateBody>): Promise<ValetActionResult> {
    return valetActionResultSchema.parse(await http.post<unknown>(VALET_PATHS.uenjoyCreate, body, inPlace));
  },
  async confirm(kind: ValetKind, storeCode: string, valetOrderNo: string): Promise<ValetActionResult> {
    const data = await http.post<unknown>(KIND_PATHS[kind].confirm, { storeCode, valetOrderNo }, inPlace);
    return valetActionResultSchema.parse(data);
  },
  async cancel(kind: ValetKind, storeCode: string, valetOrderNo: string, reason: string) {
    const data = await http.post<unknown>(
      KIND_PATHS[kind].cancel,
      { storeCode, valetOrderNo, reason },
      inPlace,
    );
    return valetActionResultSchema.parse(data);
  },
  async list(kind: ValetKind, body: Scoped<ValetListBody>, signal?: AbortSignal) {
    return valetOrderPageSchema.parse(await http.post<unknown>(KIND_PATHS[kind].list, body, { signal }));
  },
  /** Silent: the page shows "not found" in place. */
  async detail(storeCode: string, valetOrderNo: string, signal?: AbortSignal): Promise<ValetOrderDetail> {
    const data = await http.post<unknown>(
      VALET_PATHS.detail,
      { storeCode, valetOrderNo },
      { signal, flags: { silent: true } },
    );
    return valetOrderDetailSchema.parse(data);
  },
};

/** React Query keys; every key carries the store, so a store switch never shows another store's rows. */
export const valetKeys = {
  all: ['valet'] as const,
  list: (storeCode: string, kind: ValetKind, query: unknown) =>
    ['valet', 'list', storeCode, kind, query] as const,
  detail: (storeCode: string, no: string) => ['valet', 'detail', storeCode, no] as const,
  members: (storeCode: string, keywords: string) => ['valet', 'members', storeCode, keywords] as const,
  addresses: (storeCode: string, memberId: number) => ['valet', 'addresses', storeCode, memberId] as const,
  lastAddress: (storeCode: string, memberId: number) =>
    ['valet', 'last-address', storeCode, memberId] as const,
  labels: (storeCode: string) => ['valet', 'labels', storeCode] as const,
  skus: (storeCode: string, label: string) => ['valet', 'skus', storeCode, label] as const,
  uenjoySkus: (storeCode: string, keyword: string, pageNum: number) =>
    ['valet', 'uenjoy-skus', storeCode, keyword, pageNum] as const,
};
