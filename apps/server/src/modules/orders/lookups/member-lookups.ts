import type { MemberAddress, MemberSummary } from '@console/contract';
import { MEMBER_SEARCH_LIMIT, areaNamesAsWritten, maskPhone } from '@console/contract';
import type { z } from 'zod';
import type { addressAddBodySchema } from '@console/contract';
import type { Database } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import type { AuditLog } from '../../audit/audit-log.js';
import { shanghaiDateTime } from '../../im/message-format.js';
import type { AreaCatalogue } from '../../stores/area-tree.js';
import { isLocated, metersBetween, type Coordinates } from '../../stores/geo.js';
import { LOOKUP_TEXT } from './lookup-texts.js';
import { createLookupsRepository, type AddressRow } from './lookups.repository.js';
import { createMemberAccess, maskedKeywords, type MemberRow, type MemberScope } from './member-access.js';

type AddressAddInput = z.output<typeof addressAddBodySchema>;

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

export const summaryOf = (m: MemberRow): MemberSummary => ({
  memberId: m.publicId,
  memberNo: m.memberNo,
  name: m.name,
  phoneMasked: maskPhone(m.phone),
  level: m.level,
  points: m.points,
  temporary: m.temporary,
});

/** `TM` + Shanghai time to the second + 4 random digits: the number of a member created at the counter. */
function temporaryMemberNo(now: Date): string {
  const stamp = new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `TM${stamp}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
}

/** A whole phone or a member number (any case): what names one member wherever they are a member. */
const isExactHit = (m: MemberRow, keywords: string) =>
  m.phone === keywords || m.memberNo.toUpperCase() === keywords.toUpperCase();

/**
 * Members, their addresses and the counter's temporary members (member_ms calls of the valet flows). A store
 * sees only the members it serves (`member-access.ts`); a whole phone or member number finds anyone, and that
 * find is what lets the session serve them here. Every look-up leaves an audit row.
 */
export function createMemberLookups(deps: {
  db: Database;
  clock: Clock;
  areas: AreaCatalogue;
  audit: AuditLog;
}) {
  const { db, clock, areas, audit } = deps;
  const repo = createLookupsRepository(db, clock);
  const access = createMemberAccess(db, clock);

  async function search(scope: MemberScope, keywords: string, temporary: boolean): Promise<MemberSummary[]> {
    const rows = await repo.searchMembers(scope, keywords, temporary, MEMBER_SEARCH_LIMIT);
    await access.recordFinds(
      scope,
      rows.filter((m) => isExactHit(m, keywords)).map((m) => m.id),
    );
    await audit.record({
      action: 'member.lookup',
      userId: scope.userId,
      client: scope.client,
      target: `store:${scope.storeId}`,
      detail: { storeId: scope.storeId, temporary, keywords: maskedKeywords(keywords), found: rows.length },
    });
    return rows.map(summaryOf);
  }

  const addressOf = (row: AddressRow, store: Coordinates, bikeDistanceMeters: number): MemberAddress => {
    const distanceMeters = isLocated(row) && isLocated(store) ? metersBetween(store, row) : null;
    return {
      addressId: row.id,
      receiverName: row.receiverName,
      receiverPhoneMasked: maskPhone(row.receiverPhone),
      provinceCode: row.provinceCode,
      cityCode: row.cityCode,
      countyCode: row.countyCode,
      regionName: row.regionName,
      detail: row.detail,
      latitude: row.latitude,
      longitude: row.longitude,
      isDefault: row.isDefault,
      lastUsedAt: row.lastUsedAt ? shanghaiDateTime(row.lastUsedAt) : null,
      distanceMeters,
      withinBikeDistance: distanceMeters !== null && distanceMeters <= bikeDistanceMeters,
    };
  };

  return {
    /** The member of that public id when the store serves them, else 404 (`member-access.ts`). */
    requireServed: access.requireServed,
    platformMembers: (scope: MemberScope, keywords: string) => search(scope, keywords, false),
    temporaryMembers: (scope: MemberScope, keywords: string) => search(scope, keywords, true),

    /**
     * Finds the member with that phone (of any kind: a find by whole phone, so the session may serve them
     * here) or creates a temporary one homed at the store.
     */
    async addTemporaryMember(scope: MemberScope, input: { name: string; phone: string }) {
      const created = await repo.insertMemberUnlessPhoneTaken({
        memberNo: temporaryMemberNo(clock()),
        name: input.name,
        phone: input.phone,
        temporary: true,
        homeStoreId: scope.storeId,
        createdAt: clock(),
      });
      await audit.record({
        action: 'member.lookup',
        userId: scope.userId,
        client: scope.client,
        target: `store:${scope.storeId}`,
        detail: { storeId: scope.storeId, temporaryAdd: true, keywords: maskPhone(input.phone), found: 1 },
      });
      if (created) return { ...summaryOf(created), created: true };
      const existing = await repo.memberByPhone(input.phone);
      await access.recordFinds(scope, [existing!.id]);
      return { ...summaryOf(existing!), created: false };
    },

    async addresses(scope: MemberScope, publicId: string, store: Coordinates, bikeDistanceMeters: number) {
      const member = await access.requireServed(scope, publicId);
      const rows = await repo.addressesOf(member.id);
      return rows.map((row) => addressOf(row, store, bikeDistanceMeters));
    },

    /** The address last used for a valet order, else the default one, else none. */
    async lastValetAddress(
      scope: MemberScope,
      publicId: string,
      store: Coordinates,
      bikeDistanceMeters: number,
    ) {
      const member = await access.requireServed(scope, publicId);
      const row = await repo.lastUsedAddress(member.id);
      return row ? addressOf(row, store, bikeDistanceMeters) : null;
    },

    /** The member's address `addressId`, or 422 when it is not theirs. */
    async requireAddress(memberId: number, addressId: number, tx: Database = db) {
      const row = await repo.memberAddress(memberId, addressId, tx);
      if (!row) throw new AppError(422, 'ADDRESS_NOT_FOUND', LOOKUP_TEXT.addressNotFound);
      return row;
    },

    /** Only for a member the store serves; `isDefault` moves that member's own default and no one else's. */
    async addAddress(
      scope: MemberScope,
      input: AddressAddInput,
      store: Coordinates,
      bikeDistanceMeters: number,
    ) {
      const { id: memberId } = await access.requireServed(scope, input.memberId);
      const region = areas.regions().get(input.countyCode);
      if (!region) throw new AppError(422, 'AREA_NOT_FOUND', LOOKUP_TEXT.countyNotFound);
      const row = await db.transaction(async (tx) => {
        const isDefault = input.isDefault === true || !(await repo.hasAddress(memberId, tx));
        if (isDefault) await repo.clearDefaultAddress(memberId, tx);
        return repo.insertAddress(
          {
            memberId,
            receiverName: input.receiverName,
            receiverPhone: input.receiverPhone,
            provinceCode: region.provinceCode,
            cityCode: region.cityCode,
            countyCode: region.countyCode,
            regionName: areaNamesAsWritten([region.provinceName, region.cityName, region.countyName]).join(
              '',
            ),
            detail: input.detail,
            latitude: input.latitude,
            longitude: input.longitude,
            isDefault,
            createdAt: clock(),
          },
          tx,
        );
      });
      return addressOf(row, store, bikeDistanceMeters);
    },
  };
}

export type MemberLookups = ReturnType<typeof createMemberLookups>;
