import type { MemberAddress, MemberSummary } from '@console/contract';
import { MEMBER_SEARCH_LIMIT } from '@console/contract';
import { and, asc, desc, eq, ilike, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { addressAddBodySchema } from '@console/contract';
import type { Database } from '../../../db/client.js';
import { memberAddresses, members } from '../../../db/schema.js';
import { AppError, notFound } from '../../../http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { shanghaiDateTime } from '../../im/message-format.js';
import type { AreaCatalogue } from '../../stores/area-tree.js';
import { haversineKm, isLocated, likeContains, type Coordinates } from '../../stores/geo.js';
import { maskPhone } from '../plans/offer-format.js';
import { LOOKUP_TEXT } from './lookup-texts.js';

type AddressAddInput = z.output<typeof addressAddBodySchema>;
type MemberRow = typeof members.$inferSelect;

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

export const summaryOf = (m: MemberRow): MemberSummary => ({
  memberId: m.id,
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

/** Matches a phone (prefix, digits only), a member number (exact) or a name (part). */
function keywordMatch(keywords: string) {
  const upper = keywords.toUpperCase();
  if (/^\d+$/.test(keywords)) return or(like(members.phone, `${keywords}%`), eq(members.memberNo, upper));
  return or(eq(sql`upper(${members.memberNo})`, upper), ilike(members.name, likeContains(keywords)));
}

/** Members, their addresses and the counter's temporary members (member_ms calls of the valet flows). */
export function createMemberLookups(deps: { db: Database; clock: Clock; areas: AreaCatalogue }) {
  const { db, clock, areas } = deps;

  async function search(keywords: string, temporary: boolean): Promise<MemberSummary[]> {
    const rows = await db
      .select()
      .from(members)
      .where(and(eq(members.temporary, temporary), keywordMatch(keywords)))
      .orderBy(asc(members.name), asc(members.id))
      .limit(MEMBER_SEARCH_LIMIT);
    return rows.map(summaryOf);
  }

  async function requireMember(memberId: number, tx: Database = db): Promise<MemberRow> {
    const [row] = await tx.select().from(members).where(eq(members.id, memberId)).limit(1);
    if (!row) throw notFound(LOOKUP_TEXT.memberNotFound, 'MEMBER_NOT_FOUND');
    return row;
  }

  const addressOf = (
    row: typeof memberAddresses.$inferSelect,
    store: Coordinates,
    bikeDistanceMeters: number,
  ): MemberAddress => {
    const distanceMeters =
      isLocated(row) && isLocated(store) ? Math.round(haversineKm(store, row) * 1000) : null;
    return {
      addressId: row.id,
      receiverName: row.receiverName,
      receiverPhone: row.receiverPhone,
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
    requireMember,
    platformMembers: (keywords: string) => search(keywords, false),
    temporaryMembers: (keywords: string) => search(keywords, true),

    /** Finds the member with that phone (of any kind) or creates a temporary one homed at the store. */
    async addTemporaryMember(input: { name: string; phone: string; storeId: number }) {
      const [created] = await db
        .insert(members)
        .values({
          memberNo: temporaryMemberNo(clock()),
          name: input.name,
          phone: input.phone,
          temporary: true,
          homeStoreId: input.storeId,
          createdAt: clock(),
        })
        .onConflictDoNothing({ target: members.phone })
        .returning();
      if (created) return { ...summaryOf(created), created: true };
      const [existing] = await db.select().from(members).where(eq(members.phone, input.phone)).limit(1);
      return { ...summaryOf(existing!), created: false };
    },

    async addresses(memberId: number, store: Coordinates, bikeDistanceMeters: number) {
      await requireMember(memberId);
      const rows = await db
        .select()
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId))
        .orderBy(desc(memberAddresses.isDefault), desc(memberAddresses.createdAt), desc(memberAddresses.id));
      return rows.map((row) => addressOf(row, store, bikeDistanceMeters));
    },

    /** The address last used for a valet order, else the default one, else none. */
    async lastValetAddress(memberId: number, store: Coordinates, bikeDistanceMeters: number) {
      await requireMember(memberId);
      const [row] = await db
        .select()
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId))
        .orderBy(
          sql`${memberAddresses.lastUsedAt} desc nulls last`,
          desc(memberAddresses.isDefault),
          desc(memberAddresses.id),
        )
        .limit(1);
      return row ? addressOf(row, store, bikeDistanceMeters) : null;
    },

    /** The member's address `addressId`, or 422 when it is not theirs. */
    async requireAddress(memberId: number, addressId: number, tx: Database = db) {
      const [row] = await tx
        .select()
        .from(memberAddresses)
        .where(and(eq(memberAddresses.id, addressId), eq(memberAddresses.memberId, memberId)))
        .limit(1);
      if (!row) throw new AppError(422, 'ADDRESS_NOT_FOUND', LOOKUP_TEXT.addressNotFound);
      return row;
    },

    async addAddress(input: AddressAddInput, store: Coordinates, bikeDistanceMeters: number) {
      await requireMember(input.memberId);
      const region = areas.regions().get(input.countyCode);
      if (!region) throw new AppError(422, 'AREA_NOT_FOUND', LOOKUP_TEXT.countyNotFound);
      const row = await db.transaction(async (tx) => {
        const [first] = await tx
          .select({ id: memberAddresses.id })
          .from(memberAddresses)
          .where(eq(memberAddresses.memberId, input.memberId))
          .limit(1);
        const isDefault = input.isDefault === true || !first;
        if (isDefault)
          await tx
            .update(memberAddresses)
            .set({ isDefault: false })
            .where(eq(memberAddresses.memberId, input.memberId));
        const [inserted] = await tx
          .insert(memberAddresses)
          .values({
            memberId: input.memberId,
            receiverName: input.receiverName,
            receiverPhone: input.receiverPhone,
            provinceCode: region.provinceCode,
            cityCode: region.cityCode,
            countyCode: region.countyCode,
            regionName: `${region.provinceName}${region.cityName}${region.countyName}`,
            detail: input.detail,
            latitude: input.latitude,
            longitude: input.longitude,
            isDefault,
            createdAt: clock(),
          })
          .returning();
        return inserted!;
      });
      return addressOf(row, store, bikeDistanceMeters);
    },
  };
}

export type MemberLookups = ReturnType<typeof createMemberLookups>;
