import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { memberLevelEquities, memberLevels, memberRepurchaseCycles, memberTags } from '../schema.js';

/** The chain's levels (docs/domain/members.md "Levels"): growth threshold, and what reaching one asks for. */
export const MEMBER_LEVEL_SEEDS = [
  { level: 1, name: '普通会员', minGrowth: 0, needsGuide: false, needsTags: false },
  { level: 2, name: '银卡会员', minGrowth: 1_000, needsGuide: false, needsTags: false },
  { level: 3, name: '金卡会员', minGrowth: 5_000, needsGuide: true, needsTags: false },
  { level: 4, name: '铂金会员', minGrowth: 20_000, needsGuide: false, needsTags: true },
  { level: 5, name: '钻石会员', minGrowth: 50_000, needsGuide: true, needsTags: false },
] as const;

export const MEMBER_EQUITY_SEEDS = [
  {
    level: 1,
    code: 'points',
    name: '积分累计',
    description: '消费1元累计1积分',
    needsActivation: false,
    sort: 1,
  },
  {
    level: 2,
    code: 'birthday_gift',
    name: '生日礼',
    description: '生日当月到店领取礼品',
    needsActivation: true,
    sort: 2,
  },
  {
    level: 3,
    code: 'discount_95',
    name: '95折',
    description: '全场商品95折',
    needsActivation: true,
    sort: 3,
  },
  {
    level: 3,
    code: 'free_delivery',
    name: '免费配送',
    description: '门店配送免运费',
    needsActivation: false,
    sort: 4,
  },
  {
    level: 4,
    code: 'advisor',
    name: '专属顾问',
    description: '专属导购一对一服务',
    needsActivation: true,
    sort: 5,
  },
  {
    level: 4,
    code: 'new_trial',
    name: '新品试用',
    description: '新品上市优先试用',
    needsActivation: true,
    sort: 6,
  },
  {
    level: 5,
    code: 'annual_box',
    name: '年度礼盒',
    description: '每年一份定制礼盒',
    needsActivation: true,
    sort: 7,
  },
] as const;

/** The groups of the `member_tag_group` dictionary (value → label). */
export const MEMBER_TAG_GROUPS = { segment: '客群', preference: '偏好', care: '服务关怀' } as const;

/** Chain tags: the manual ones of the `member_tag` dictionary, grouped, and the rule ones the job sets. */
export const MEMBER_TAG_SEEDS = [
  { groupCode: 'segment', name: '高价值会员', kind: 'rule', rule: 'level>=4', sort: 1 },
  { groupCode: 'segment', name: '新会员', kind: 'manual', rule: '', sort: 2 },
  { groupCode: 'segment', name: '沉睡会员', kind: 'manual', rule: '', sort: 3 },
  { groupCode: 'preference', name: '月饼礼盒', kind: 'manual', rule: '', sort: 4 },
  { groupCode: 'preference', name: '茶饮爱好', kind: 'manual', rule: '', sort: 5 },
  { groupCode: 'preference', name: '价格敏感', kind: 'manual', rule: '', sort: 6 },
  { groupCode: 'care', name: '母婴客群', kind: 'manual', rule: '', sort: 7 },
  { groupCode: 'care', name: '银发客群', kind: 'manual', rule: '', sort: 8 },
  { groupCode: 'care', name: '慢病关怀', kind: 'manual', rule: '', sort: 9 },
] as const;

/** Repurchase cycles per product category (skus.category). */
export const REPURCHASE_CYCLE_SEEDS = [
  { category: 'mooncake', name: '月饼', cycleDays: 365, leadDays: 30 },
  { category: 'tea', name: '茶叶', cycleDays: 60, leadDays: 7 },
  { category: 'bread', name: '面包', cycleDays: 14, leadDays: 2 },
] as const;

/**
 * The members' base data on every start (levels, equities, chain tags, repurchase cycles): inserts what is
 * missing, never changes what head office may have changed. Answers how many rows were created.
 */
export async function seedMemberBase(tx: Database): Promise<number> {
  let created = 0;
  created += (
    await tx
      .insert(memberLevels)
      .values([...MEMBER_LEVEL_SEEDS])
      .onConflictDoNothing()
      .returning()
  ).length;
  created += (
    await tx
      .insert(memberLevelEquities)
      .values([...MEMBER_EQUITY_SEEDS])
      .onConflictDoNothing()
      .returning({ id: memberLevelEquities.id })
  ).length;
  // member_tags' unique key is an expression (coalesce(store_id, 0)): insert the missing by name.
  for (const tag of MEMBER_TAG_SEEDS) {
    const inserted = await tx.execute(sql`insert into ${memberTags} (group_code, name, kind, rule, sort)
      select ${tag.groupCode}, ${tag.name}, ${tag.kind}, ${tag.rule}, ${tag.sort}
      where not exists (select 1 from ${memberTags} where store_id is null and group_code = ${tag.groupCode}
        and name = ${tag.name}) returning id`);
    created += (inserted as unknown as { rows: unknown[] }).rows.length;
  }
  created += (
    await tx
      .insert(memberRepurchaseCycles)
      .values([...REPURCHASE_CYCLE_SEEDS])
      .onConflictDoNothing()
      .returning({ category: memberRepurchaseCycles.category })
  ).length;
  return created;
}
