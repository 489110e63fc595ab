import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { instant, createdAt, updatedAt, identityId, requiredRef, requiredBigRef } from './schema/columns.js';

/** Raw bytes (avatars): PostgreSQL `bytea`, read and written as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** A point of the `cube` extension (migration 0013): here a store's position on the unit sphere. */
const cube = customType<{ data: string; driverData: string }>({ dataType: () => 'cube' });

/**
 * A location as a point on the unit sphere, null for "no location" (0, 0): the straight-line (chord) distance
 * between two such points grows with the great-circle distance, so a GiST index on it answers nearest-first
 * exactly (ORDER BY sphere <-> origin with a LIMIT) — a planar `point` of degrees would need re-ranking.
 */
export const SPHERE_OF_LOCATION = sql`case when latitude = 0 and longitude = 0 then null else cube(array[
  cos(radians(latitude)) * cos(radians(longitude)),
  cos(radians(latitude)) * sin(radians(longitude)),
  sin(radians(latitude))]) end`;

/** The organisation tree (docs/domain/dicts-departments.md): a name is unique among its siblings. */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => departments.id),
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('departments_parent_idx').on(t.parentId),
    uniqueIndex('departments_sibling_name_key').on(sql`coalesce(${t.parentId}, 0)`, t.name),
  ],
);

/** A data dictionary (数据字典): a code the code reads (`delivery_type`) and its items. */
export const dictTypes = pgTable(
  'dict_types',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Seeded on every start and read by the modules: its code stays and it cannot be deleted. */
    builtin: boolean('builtin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('dict_types_code_key').on(t.code), uniqueIndex('dict_types_name_key').on(t.name)],
);

export const dictItems = pgTable(
  'dict_items',
  {
    id: serial('id').primaryKey(),
    typeId: requiredRef('type_id', () => dictTypes.id),
    label: varchar('label', { length: 32 }).notNull(),
    value: varchar('value', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Seeded: its value is what the modules store, so it stays and the item cannot be deleted. */
    builtin: boolean('builtin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('dict_items_type_value_key').on(t.typeId, t.value),
    uniqueIndex('dict_items_type_label_key').on(t.typeId, t.label),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    nickName: varchar('nick_name', { length: 64 }).notNull(),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    avatarPath: varchar('avatar_path', { length: 512 }).notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** Set by an administrator-issued initial password; the user must change it. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: instant('password_changed_at').notNull().defaultNow(),
    enabled: boolean('enabled').notNull().default(true),
    deptId: integer('dept_id').references(() => departments.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_work_code_key').on(t.workCode),
    uniqueIndex('users_phone_key').on(t.phone),
    // 用户管理 lists newest first (these read backwards); each filter has its index (docs/domain/users-admin.md).
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_dept_created_idx').on(t.deptId, t.createdAt, t.id),
    index('users_disabled_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.enabled} = false`),
    // The keyword matches any part of name, account, work code or phone (`userKeywordText`, ILIKE '%…%'): one
    // trigram index over the four (pg_trgm, migration 0012), since four OR-ed ones cost more than a scan.
    index('users_keyword_trgm_idx').using('gin', sql`${userKeywordText(t)} gin_trgm_ops`),
  ],
);

/**
 * What 用户管理's keyword is matched against: name, account, work code and phone in one text, so that one
 * trigram index (`users_keyword_trgm_idx`) answers the search. The query must use this very expression.
 */
export function userKeywordText(t: {
  nickName: AnyPgColumn;
  username: AnyPgColumn;
  workCode: AnyPgColumn;
  phone: AnyPgColumn;
}) {
  return sql`(${t.nickName} || ' ' || ${t.username} || ' ' || ${t.workCode} || ' ' || coalesce(${t.phone}, ''))`;
}

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    /** Permission string sent to the console as a role (`admin` is the super role). */
    permission: varchar('permission', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }).notNull().default(''),
    /** Whether the role belongs to the cloud platform (listed by /api/roles/queryLjYun). */
    cloudPlatform: boolean('cloud_platform').notNull().default(true),
    /**
     * Which stores the role's holders see and change in head-office administration (docs/domain/roles.md
     * "Data scope"): `all`, `groups` (the shop groups of role_shop_groups) or `own` (their authorised stores).
     */
    dataScope: varchar('data_scope', { length: 16 }).notNull().default('own'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_permission_key').on(t.permission)],
);

/** Menu tree: type 0 directory, 1 page, 2 button permission (never sent as a route). */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    type: smallint('type').notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    /** Route name; a page's component key when `component` is a page. */
    name: varchar('name', { length: 64 }),
    path: varchar('path', { length: 255 }).notNull().default(''),
    component: varchar('component', { length: 128 }),
    icon: varchar('icon', { length: 64 }),
    permission: varchar('permission', { length: 128 }),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    noCache: boolean('no_cache').notNull().default(false),
    /** An external link: the path is an http(s) URL. */
    external: boolean('external').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    roleId: requiredRef('role_id', () => roles.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    // 用户管理's role filter: the holders of a role.
    index('user_roles_role_idx').on(t.roleId, t.userId),
  ],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: requiredRef('role_id', () => roles.id, 'cascade'),
    menuId: requiredRef('menu_id', () => menus.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/**
 * Area groups of stores (门店分组); `frontTitle` is the group's name and its heading in the store switcher.
 * The id is stable: a role's data scope ("chosen shop groups") references it from role_shop_groups, and a group
 * with stores or named by a role cannot be deleted. Names are kept unique by the service under a lock, not by an
 * index: older databases and test fixtures hold repeated titles (docs/domain/stores-admin.md).
 */
export const shopGroups = pgTable(
  'shop_groups',
  {
    id: serial('id').primaryKey(),
    frontTitle: varchar('front_title', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('shop_groups_sort_idx').on(t.sort, t.id)],
);

/** The shop groups of a role whose data scope is `groups`; a group a role names cannot be deleted. */
export const roleShopGroups = pgTable(
  'role_shop_groups',
  {
    roleId: requiredRef('role_id', () => roles.id, 'cascade'),
    shopGroupId: requiredRef('shop_group_id', () => shopGroups.id),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.shopGroupId] }),
    index('role_shop_groups_group_idx').on(t.shopGroupId),
  ],
);

/** Store codes handed out by `getShopCode` (MD + six digits); never the same number twice, even across a race. */
export const shopCodeSequence = pgSequence('shop_code_seq', { startWith: 1 });

/** Stores. `shopCode` is the address id the console calls `addressId` / `storeCode`. */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    shopCode: varchar('shop_code', { length: 32 }).notNull(),
    shopName: varchar('shop_name', { length: 64 }).notNull(),
    businessScopeName: varchar('business_scope_name', { length: 128 }).notNull(),
    shopGroupId: requiredRef('shop_group_id', () => shopGroups.id),
    shopPhone: varchar('shop_phone', { length: 32 }).notNull().default(''),
    shopProvinceCode: varchar('shop_province_code', { length: 12 }).notNull().default(''),
    shopCityCode: varchar('shop_city_code', { length: 12 }).notNull().default(''),
    shopCountyCode: varchar('shop_county_code', { length: 12 }).notNull().default(''),
    shopProvinceName: varchar('shop_province_name', { length: 32 }).notNull().default(''),
    shopCityName: varchar('shop_city_name', { length: 32 }).notNull().default(''),
    shopCountyName: varchar('shop_county_name', { length: 32 }).notNull().default(''),
    shopDetailAddress: varchar('shop_detail_address', { length: 255 }).notNull().default(''),
    shopAddress: varchar('shop_address', { length: 255 }).notNull().default(''),
    /** 0 means "no location" (spec 5). */
    latitude: doublePrecision('latitude').notNull().default(0),
    longitude: doublePrecision('longitude').notNull().default(0),
    /** Derived from latitude and longitude for the switcher's nearest-first list (`stores_sphere_idx`). */
    sphere: cube('sphere').generatedAlwaysAs(SPHERE_OF_LOCATION),
    contactsId: integer('contacts_id').references(() => users.id),
    contactsName: varchar('contacts_name', { length: 64 }).notNull().default(''),
    contactsPhone: varchar('contacts_phone', { length: 20 }).notNull().default(''),
    /** Department (organisation) the store's staff belong to. */
    organizeId: integer('organize_id').references(() => departments.id),
    /** Store-info confirmation: false until a staff member confirms the details (spec 4.4). */
    infoConfirmed: boolean('info_confirmed').notNull().default(false),
    infoConfirmedAt: instant('info_confirmed_at'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stores_shop_code_key').on(t.shopCode),
    // 门店管理 (newest first): each filter reads its own index; the keyword is a name or code prefix.
    index('stores_group_idx').on(t.shopGroupId, t.id),
    index('stores_status_idx').on(t.enabled, t.id),
    index('stores_province_idx').on(t.shopProvinceCode, t.id),
    index('stores_city_idx').on(t.shopCityCode, t.id),
    index('stores_county_idx').on(t.shopCountyCode, t.id),
    index('stores_name_prefix_idx').on(t.shopName.op('varchar_pattern_ops')),
    index('stores_code_prefix_idx').on(t.shopCode.op('varchar_pattern_ops')),
    // The store switcher: a user's stores nearest first (docs/domain/stores.md).
    index('stores_sphere_idx').using('gist', t.sphere),
  ],
);

/** Which stores a user may work in. No rows means no store, never "all". */
export const userStores = pgTable(
  'user_stores',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] }), index('user_stores_store_idx').on(t.storeId)],
);

export const userLastStores = pgTable('user_last_stores', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  storeId: requiredRef('store_id', () => stores.id, 'cascade'),
  updatedAt: updatedAt(),
});

/** Sign-in sessions. Only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 255 }).notNull().default(''),
    /** The last authenticated request, written at most once a minute per instance (在线用户). */
    lastSeenAt: instant('last_seen_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** SMS verification codes; only a hash of the code is kept. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/** What the default (outbox) SMS provider "sent"; read by /dev/sms-outbox in demo mode. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    code: varchar('code', { length: 16 }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.createdAt)],
);

export const captchas = pgTable('captchas', {
  uuid: varchar('uuid', { length: 64 }).primaryKey(),
  answer: varchar('answer', { length: 16 }).notNull(),
  expiresAt: instant('expires_at').notNull(),
  consumedAt: instant('consumed_at'),
  createdAt: createdAt(),
});

/** Password sign-in attempts, for the per-account and per-IP failure limits (shared by all instances). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: identityId(),
    account: varchar('account', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.account, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Single-use tickets issued after a validated reset code. */
export const passwordResetTickets = pgTable('password_reset_tickets', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  userId: requiredRef('user_id', () => users.id, 'cascade'),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: identityId(),
    userId: integer('user_id'),
    action: varchar('action', { length: 64 }).notNull(),
    target: varchar('target', { length: 128 }).notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** The store the call named (body, query or header), when it named one. */
    storeCode: varchar('store_code', { length: 32 }),
    /** ok: the change was made; fail: a signed-in state-changing call that was refused (docs/domain/system-tools.md). */
    result: varchar('result', { length: 8 }).notNull().default('ok'),
    /** The request behind the row: id, method, path, user agent and its parameters with secrets masked. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/**
 * Head office opening store access for a staff member (/ljYun/authOpen/*): a pending grant the staff member
 * confirms (the store and role are then granted) or refuses. An import batch groups the rows of one Excel file.
 */
export const authOpenRecords = pgTable(
  'auth_open_records',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    /** pending | confirmed | refused */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    openedBy: integer('opened_by').references(() => users.id, { onDelete: 'set null' }),
    batchId: varchar('batch_id', { length: 36 }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    decidedAt: instant('decided_at'),
  },
  (t) => [
    index('auth_open_records_user_idx').on(t.userId, t.status),
    uniqueIndex('auth_open_records_pending_key')
      .on(t.userId, t.storeId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Uploaded avatars, kept in the database so every server instance can serve them. */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: varchar('content_type', { length: 32 }).notNull(),
  content: bytea('content').notNull(),
  updatedAt: updatedAt(),
});

/** Per-store daily figures the dashboard charts; business modules add to them as events happen. */
export const storeDailyMetrics = pgTable(
  'store_daily_metrics',
  {
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    day: date('day', { mode: 'string' }).notNull(),
    metric: varchar('metric', { length: 32 }).notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.metric, t.day] })],
);

/** Browser errors sent by the console's error reporter (spec 1, 8). */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    id: identityId(),
    userId: integer('user_id'),
    storeCode: varchar('store_code', { length: 32 }),
    kind: varchar('kind', { length: 16 }).notNull(),
    message: varchar('message', { length: 1000 }).notNull(),
    stack: varchar('stack', { length: 8000 }).notNull().default(''),
    pageUrl: varchar('page_url', { length: 1000 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 400 }).notNull().default(''),
    release: varchar('release', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('client_error_reports_created_idx').on(t.createdAt)],
);

/**
 * Idempotency keys of the publish endpoint: a call repeated with the same key (an upstream retry after a lost
 * reply) answers the first call's message ids and writes nothing. Kept a day (the im.publish-keys-prune job).
 */
export const imPublishKeys = pgTable(
  'im_publish_keys',
  {
    key: varchar('key', { length: 128 }).primaryKey(),
    /** SHA-256 of the request body: the same key with another body is refused, never answered with old ids. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    messageIds: jsonb('message_ids').$type<number[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('im_publish_keys_created_idx').on(t.createdAt)],
);

/**
 * In-app messages (spec 3, 4.5): one row per receiver and store. Status 0 = not pushed yet; the listener answers
 * those until the client acknowledges them (docs/domain/messages.md). The partial indexes hold only the rows
 * the hot queries need, so unread counts and pending pushes never scan a receiver's history.
 */
export const imMessages = pgTable(
  'im_messages',
  {
    id: identityId(),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    receiverId: requiredRef('receiver_id', () => users.id, 'cascade'),
    businessType: smallint('business_type').notNull(),
    messageType: smallint('message_type').notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    text: varchar('text', { length: 500 }).notNull(),
    expandInfo: jsonb('expand_info').$type<Record<string, string | number | boolean>>().notNull().default({}),
    status: smallint('status').notNull().default(0),
    /** Who created it: a module name, or `publish-api` for upstream systems. */
    source: varchar('source', { length: 32 }).notNull(),
    createdAt: createdAt(),
    pushedAt: instant('pushed_at'),
    readAt: instant('read_at'),
  },
  (t) => [
    index('im_messages_inbox_idx').on(t.receiverId, t.storeId, t.id),
    index('im_messages_inbox_status_idx').on(t.receiverId, t.storeId, t.status, t.id),
    index('im_messages_unread_idx')
      .on(t.receiverId, t.storeId, t.businessType)
      .where(sql`${t.status} in (0, 1)`),
    index('im_messages_pending_idx')
      .on(t.receiverId, t.storeId, t.id)
      .where(sql`${t.status} = 0`),
    index('im_messages_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Store orders and fulfilment (docs/domain/orders.md). Money is in cents (fen); every order row names its store.

/** Customers of the chain (members, and temporary members created at the counter for a valet order). */
/**
 * The members of the platform. `id` stays on the server; the browser names a member by `publicId` (32 random
 * hex characters from PostgreSQL's `gen_random_uuid()`, so existing rows got one when the column was added).
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    publicId: varchar('public_id', { length: 32 })
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    memberNo: varchar('member_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    level: smallint('level').notNull().default(1),
    points: integer('points').notNull().default(0),
    /** A temporary member has only a phone and a name until they register. */
    temporary: boolean('temporary').notNull().default(false),
    homeStoreId: integer('home_store_id').references(() => stores.id),
    createdAt: createdAt(),
    // CRM profile (docs/domain/members.md). `level` follows `growth` through member_levels' thresholds.
    /** store | mini_program | online | valet: where the member registered. */
    channel: varchar('channel', { length: 16 }).notNull().default('store'),
    birthday: date('birthday', { mode: 'string' }),
    /** The member agreed to be contacted (follow-ups, reminders); without it no reminder names them. */
    contactConsent: boolean('contact_consent').notNull().default(true),
    /** Growth value (spend in yuan, plus bonuses): the level is the highest threshold it reaches. */
    growth: integer('growth').notNull().default(0),
    /** When `level` last went up; the daily job sends the upgrade reminder once per level reached. */
    levelChangedAt: instant('level_changed_at'),
    /** The exclusive shopping guide (专属导购): a user of the home store. */
    guideUserId: integer('guide_user_id').references(() => users.id),
    guideAssignedAt: instant('guide_assigned_at'),
    /** The next follow-up date of the last follow-up (Shanghai calendar date); overdue when it has passed. */
    nextFollowUpOn: date('next_follow_up_on', { mode: 'string' }),
    lastFollowUpAt: instant('last_follow_up_at'),
  },
  (t) => [
    uniqueIndex('members_member_no_key').on(t.memberNo),
    uniqueIndex('members_public_id_key').on(t.publicId),
    uniqueIndex('members_phone_key').on(t.phone),
    // The look-up (会员查询) matches `upper(member_no)`, and for the store's own members a phone prefix
    // (`like '139%'`) or part of the name (`ilike '%…%'`), in one OR: without an index for each branch every
    // look-up read all members (bench/members/RESULTS.md).
    index('members_member_no_upper_idx').on(sql`upper(${t.memberNo})`),
    index('members_phone_prefix_idx').on(sql`${t.phone} varchar_pattern_ops`),
    index('members_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('members_home_store_idx').on(t.homeStoreId),
    // The lists of 会员跟进 read their page in index order, (key, id) as their keyset (members.repository.ts):
    // 我的跟进 by next date (none last), 跟进逾期 by next date, 待分配 newest upgrade first.
    index('members_guide_idx').on(
      t.guideUserId,
      t.homeStoreId,
      sql`coalesce(${t.nextFollowUpOn}, 'infinity'::date)`,
      t.id,
    ),
    index('members_store_follow_idx').on(t.homeStoreId, t.nextFollowUpOn, t.id),
    index('members_to_assign_idx')
      .on(t.homeStoreId, t.levelChangedAt, t.id)
      .where(sql`${t.guideUserId} is null and ${t.levelChangedAt} is not null`),
  ],
);

/**
 * A member a clerk found by full phone or member number: the session may serve them at that store until
 * `expiresAt` (a member of another store is otherwise unknown to the clerk).
 */
export const memberFinds = pgTable(
  'member_finds',
  {
    id: identityId(),
    sessionId: requiredRef('session_id', () => sessions.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    memberId: requiredRef('member_id', () => members.id, 'cascade'),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [uniqueIndex('member_finds_key').on(t.sessionId, t.storeId, t.memberId)],
);

export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: serial('id').primaryKey(),
    memberId: requiredRef('member_id', () => members.id, 'cascade'),
    receiverName: varchar('receiver_name', { length: 64 }).notNull(),
    receiverPhone: varchar('receiver_phone', { length: 20 }).notNull(),
    provinceCode: varchar('province_code', { length: 12 }).notNull(),
    cityCode: varchar('city_code', { length: 12 }).notNull(),
    countyCode: varchar('county_code', { length: 12 }).notNull(),
    regionName: varchar('region_name', { length: 96 }).notNull(),
    detail: varchar('detail', { length: 255 }).notNull(),
    latitude: doublePrecision('latitude').notNull().default(0),
    longitude: doublePrecision('longitude').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    /** Last used for a valet order (member_ms `address/lastTime/daikeOrderAddress`). */
    lastUsedAt: instant('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('member_addresses_member_idx').on(t.memberId)],
);

/** Sellable SKUs: retail goods, points-mall (integral) goods and uEnjoy subscription plans. */
export const skus = pgTable(
  'skus',
  {
    id: serial('id').primaryKey(),
    skuCode: varchar('sku_code', { length: 32 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    spec: varchar('spec', { length: 64 }).notNull().default(''),
    /** retail | integral | uenjoy */
    kind: varchar('kind', { length: 16 }).notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Points price of an integral SKU (0 for others). */
    points: integer('points').notNull().default(0),
    labelName: varchar('label_name', { length: 32 }).notNull().default(''),
    /** Product category (member_repurchase_cycles.category): what the repurchase reminder counts by. */
    category: varchar('category', { length: 32 }).notNull().default(''),
    /** uEnjoy: deliveries in the cycle plan and days between them. */
    cyclePeriods: smallint('cycle_periods').notNull().default(0),
    cycleIntervalDays: smallint('cycle_interval_days').notNull().default(0),
    /** Points mall: redemptions per member (0 = no limit) and the window it can be redeemed in (null = open). */
    perMemberLimit: smallint('per_member_limit').notNull().default(0),
    validFrom: instant('valid_from'),
    validTo: instant('valid_to'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('skus_sku_code_key').on(t.skuCode), index('skus_kind_idx').on(t.kind)],
);

/** Couriers a store can ship with (delivery `deliveryCompany/getDeliveryByComNum`). */
export const deliveryCompanies = pgTable('delivery_companies', {
  code: varchar('code', { length: 16 }).primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  /** Tracking numbers must match this pattern (checked on ship). */
  trackingPattern: varchar('tracking_pattern', { length: 64 }).notNull(),
  sort: smallint('sort').notNull().default(0),
});

/**
 * Upstream (OMS) customer orders, pushed by the platform or created from a valet order. `channel`: online |
 * valet_integral | valet_uenjoy. The delivery address is a snapshot taken when the order was placed.
 */
export const omsOrders = pgTable(
  'oms_orders',
  {
    id: identityId(),
    omsOrderNo: varchar('oms_order_no', { length: 40 }).notNull(),
    channel: varchar('channel', { length: 16 }).notNull(),
    memberId: integer('member_id').references(() => members.id),
    customerName: varchar('customer_name', { length: 64 }).notNull(),
    customerPhone: varchar('customer_phone', { length: 20 }).notNull(),
    /** express | store_delivery | pickup */
    deliveryType: varchar('delivery_type', { length: 16 }).notNull(),
    receiverName: varchar('receiver_name', { length: 64 }).notNull(),
    receiverPhone: varchar('receiver_phone', { length: 20 }).notNull(),
    regionName: varchar('region_name', { length: 96 }).notNull(),
    countyCode: varchar('county_code', { length: 12 }).notNull().default(''),
    addressDetail: varchar('address_detail', { length: 255 }).notNull(),
    latitude: doublePrecision('latitude').notNull().default(0),
    longitude: doublePrecision('longitude').notNull().default(0),
    goodsCents: integer('goods_cents').notNull(),
    freightCents: integer('freight_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    payCents: integer('pay_cents').notNull(),
    pointsUsed: integer('points_used').notNull().default(0),
    buyerRemark: varchar('buyer_remark', { length: 255 }).notNull().default(''),
    /** Invoice the customer asked for: none | personal | company. */
    invoiceType: varchar('invoice_type', { length: 16 }).notNull().default('none'),
    invoiceTitle: varchar('invoice_title', { length: 128 }).notNull().default(''),
    invoiceTaxNo: varchar('invoice_tax_no', { length: 32 }).notNull().default(''),
    /** The valet order this order came from (valet channels). */
    sourceOrderNo: varchar('source_order_no', { length: 40 }).notNull().default(''),
    /** The store a valet order was placed in. */
    placedStoreId: integer('placed_store_id').references(() => stores.id),
    /** open | customer_cancelled | completed */
    status: varchar('status', { length: 24 }).notNull().default('open'),
    orderedAt: instant('ordered_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oms_orders_no_key').on(t.omsOrderNo),
    index('oms_orders_member_idx').on(t.memberId),
    index('oms_orders_source_idx').on(t.sourceOrderNo),
  ],
);

export const omsOrderItems = pgTable(
  'oms_order_items',
  {
    id: identityId(),
    omsOrderId: requiredBigRef('oms_order_id', () => omsOrders.id, 'cascade'),
    skuCode: varchar('sku_code', { length: 32 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    spec: varchar('spec', { length: 64 }).notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    points: integer('points').notNull().default(0),
  },
  (t) => [index('oms_order_items_order_idx').on(t.omsOrderId)],
);

/**
 * A performance plan order: an OMS order offered to candidate stores until one grabs it (抢单) or the offer
 * expires. `status`: offering | taken | expired | cancelled. Exactly one store takes it (conditional update).
 */
export const performancePlanOrders = pgTable(
  'performance_plan_orders',
  {
    id: identityId(),
    performancePlanOrderNo: varchar('performance_plan_order_no', { length: 40 }).notNull(),
    omsOrderId: requiredBigRef('oms_order_id', () => omsOrders.id, 'cascade'),
    status: varchar('status', { length: 16 }).notNull().default('offering'),
    offeredAt: instant('offered_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    takenStoreId: integer('taken_store_id').references(() => stores.id),
    takenByUserId: integer('taken_by_user_id').references(() => users.id),
    takenAt: instant('taken_at'),
  },
  (t) => [
    uniqueIndex('performance_plan_orders_no_key').on(t.performancePlanOrderNo),
    index('performance_plan_orders_oms_idx').on(t.omsOrderId),
    index('performance_plan_orders_offering_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'offering'`),
  ],
);

/** The stores a plan order is offered to, nearest first. */
export const planCandidates = pgTable(
  'plan_candidates',
  {
    planId: requiredBigRef('plan_id', () => performancePlanOrders.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    distanceMeters: integer('distance_meters').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.storeId] }), index('plan_candidates_store_idx').on(t.storeId)],
);

/**
 * The store's own order after it took a plan: ship, modify address or cycle plan, cancel, invoice, write off.
 * `status`: wait_ship | shipped | completed | cancelled (transitions in modules/orders/order-states.ts).
 */
export const performanceOrders = pgTable(
  'performance_orders',
  {
    id: identityId(),
    performanceOrderNo: varchar('performance_order_no', { length: 40 }).notNull(),
    planId: bigint('plan_id', { mode: 'number' }).references(() => performancePlanOrders.id),
    omsOrderId: requiredBigRef('oms_order_id', () => omsOrders.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id),
    status: varchar('status', { length: 16 }).notNull().default('wait_ship'),
    deliveryType: varchar('delivery_type', { length: 16 }).notNull(),
    /**
     * Copies of the upstream order's receiver (kept equal by modify-address), so the list's keyword search reads
     * one store's index instead of every upstream order with that name.
     */
    receiverName: varchar('receiver_name', { length: 64 }).notNull().default(''),
    receiverPhone: varchar('receiver_phone', { length: 20 }).notNull().default(''),
    courierCode: varchar('courier_code', { length: 16 }).notNull().default(''),
    courierName: varchar('courier_name', { length: 32 }).notNull().default(''),
    trackingNo: varchar('tracking_no', { length: 40 }).notNull().default(''),
    /** Store delivery: who of the store takes it to the customer. */
    delivererName: varchar('deliverer_name', { length: 64 }).notNull().default(''),
    delivererPhone: varchar('deliverer_phone', { length: 20 }).notNull().default(''),
    /** Pickup orders: the code the customer shows at the counter. */
    writeOffCode: varchar('write_off_code', { length: 12 }).notNull().default(''),
    /** none | pending | issued */
    invoiceStatus: varchar('invoice_status', { length: 16 }).notNull().default('none'),
    invoiceNo: varchar('invoice_no', { length: 40 }).notNull().default(''),
    takenByUserId: integer('taken_by_user_id').references(() => users.id),
    takenAt: instant('taken_at').notNull(),
    shippedAt: instant('shipped_at'),
    completedAt: instant('completed_at'),
    cancelledAt: instant('cancelled_at'),
    cancelReason: varchar('cancel_reason', { length: 255 }).notNull().default(''),
    /** Optimistic concurrency: every transition bumps it. */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('performance_orders_no_key').on(t.performanceOrderNo),
    uniqueIndex('performance_orders_plan_key').on(t.planId),
    index('performance_orders_oms_idx').on(t.omsOrderId),
    // The received-orders list: newest first per store, optionally by status, keyset on (taken_at, id).
    index('performance_orders_store_taken_idx').on(t.storeId, t.takenAt, t.id),
    index('performance_orders_store_status_taken_idx').on(t.storeId, t.status, t.takenAt, t.id),
    // The keyword search: a receiver's name by prefix (pattern ops, whatever the collation), a phone exactly.
    index('performance_orders_store_receiver_idx').on(t.storeId, t.receiverName.op('varchar_pattern_ops')),
    index('performance_orders_store_phone_idx').on(t.storeId, t.receiverPhone),
    // The ship-reminder sweep reads only the orders still waiting, across stores.
    index('performance_orders_waiting_taken_idx')
      .on(t.takenAt)
      .where(sql`${t.status} = 'wait_ship'`),
  ],
);

/** uEnjoy subscriptions: one row per planned delivery of a performance order. */
export const cyclePlans = pgTable(
  'cycle_plans',
  {
    id: identityId(),
    performanceOrderId: requiredBigRef('performance_order_id', () => performanceOrders.id, 'cascade'),
    period: smallint('period').notNull(),
    plannedDate: date('planned_date', { mode: 'string' }).notNull(),
    /** pending | shipped | skipped */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    trackingNo: varchar('tracking_no', { length: 40 }).notNull().default(''),
  },
  (t) => [uniqueIndex('cycle_plans_order_period_key').on(t.performanceOrderId, t.period)],
);

/** Every change of an order with its operator (trade_order `manager/order/log-list`). */
export const orderLogs = pgTable(
  'order_logs',
  {
    id: identityId(),
    omsOrderId: requiredBigRef('oms_order_id', () => omsOrders.id, 'cascade'),
    performanceOrderId: bigint('performance_order_id', { mode: 'number' }),
    action: varchar('action', { length: 32 }).notNull(),
    fromStatus: varchar('from_status', { length: 24 }).notNull().default(''),
    toStatus: varchar('to_status', { length: 24 }).notNull().default(''),
    /** null = the upstream platform or the system. */
    operatorId: integer('operator_id').references(() => users.id),
    operatorName: varchar('operator_name', { length: 64 }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('order_logs_oms_idx').on(t.omsOrderId, t.id)],
);

/** Customer intentions (客户意向) pushed upstream for a store to follow up. status: new | following | closed. */
export const customerIntentions = pgTable(
  'customer_intentions',
  {
    id: identityId(),
    omsConsultantsNo: varchar('oms_consultants_no', { length: 40 }).notNull(),
    storeId: requiredRef('store_id', () => stores.id),
    memberId: integer('member_id').references(() => members.id),
    customerName: varchar('customer_name', { length: 64 }).notNull(),
    customerPhone: varchar('customer_phone', { length: 20 }).notNull(),
    interest: varchar('interest', { length: 255 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('new'),
    followUps: jsonb('follow_ups')
      .$type<{ at: string; userId: number; userName: string; note: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_intentions_no_key').on(t.omsConsultantsNo),
    index('customer_intentions_store_idx').on(t.storeId, t.createdAt),
  ],
);

/**
 * Valet orders (代客下单): placed by staff in a store on a customer's behalf, for the points mall (`integral`) or a
 * uEnjoy subscription (`uenjoy`). `status`: pending_confirm | confirmed (an OMS order was created and offered) |
 * cancelled. `trial` keeps the last price trial the staff member confirmed.
 */
export const valetOrders = pgTable(
  'valet_orders',
  {
    id: identityId(),
    valetOrderNo: varchar('valet_order_no', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    storeId: requiredRef('store_id', () => stores.id),
    memberId: requiredRef('member_id', () => members.id),
    addressId: integer('address_id').references(() => memberAddresses.id),
    deliveryType: varchar('delivery_type', { length: 16 }).notNull(),
    items: jsonb('items')
      .$type<{ skuCode: string; name: string; quantity: number; unitCents: number; points: number }[]>()
      .notNull(),
    trial: jsonb('trial').$type<Record<string, unknown>>().notNull().default({}),
    goodsCents: integer('goods_cents').notNull(),
    freightCents: integer('freight_cents').notNull().default(0),
    payCents: integer('pay_cents').notNull(),
    points: integer('points').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    status: varchar('status', { length: 24 }).notNull().default('pending_confirm'),
    omsOrderNo: varchar('oms_order_no', { length: 40 }).notNull().default(''),
    createdByUserId: requiredRef('created_by_user_id', () => users.id),
    createdAt: createdAt(),
    confirmedAt: instant('confirmed_at'),
    cancelledAt: instant('cancelled_at'),
    cancelReason: varchar('cancel_reason', { length: 255 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('valet_orders_no_key').on(t.valetOrderNo),
    index('valet_orders_store_idx').on(t.storeId, t.createdAt),
    index('valet_orders_creator_idx').on(t.createdByUserId),
    // The per-member limit of points-mall SKUs counts a member's confirmed points orders.
    index('valet_orders_member_idx').on(t.memberId, t.kind, t.status),
  ],
);

/**
 * Every change of a member's points (docs/domain/points.md): `delta` is negative for spending, `balanceAfter` the
 * member's points after it. `reason`: valet_redeem | opening (seed) | later refund, coupon_exchange. `refNo` the
 * order it belongs to; `userId` the clerk and `storeId` the store that moved the points (none for an opening
 * balance); `confirmedBy` how the member agreed (`sms_code`), empty when no consent was needed.
 */
export const memberPointsLedger = pgTable(
  'member_points_ledger',
  {
    id: identityId(),
    memberId: requiredRef('member_id', () => members.id, 'cascade'),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: varchar('reason', { length: 24 }).notNull(),
    refNo: varchar('ref_no', { length: 40 }).notNull().default(''),
    storeId: integer('store_id').references(() => stores.id),
    userId: integer('user_id').references(() => users.id),
    confirmedBy: varchar('confirmed_by', { length: 16 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_points_ledger_member_idx').on(t.memberId, t.createdAt),
    index('member_points_ledger_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Cancel-check help (取消核查): a store asks head office to check a customer's cancellation of a fulfilment
 * order. `state`: pending | approved | rejected.
 */
export const cancelChecks = pgTable(
  'cancel_checks',
  {
    id: identityId(),
    checkNo: varchar('check_no', { length: 40 }).notNull(),
    performanceOrderId: requiredBigRef('performance_order_id', () => performanceOrders.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id),
    reason: varchar('reason', { length: 255 }).notNull(),
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    requestedByUserId: requiredRef('requested_by_user_id', () => users.id),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decisionRemark: varchar('decision_remark', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
    decidedAt: instant('decided_at'),
  },
  (t) => [
    uniqueIndex('cancel_checks_no_key').on(t.checkNo),
    index('cancel_checks_store_idx').on(t.storeId, t.createdAt),
    uniqueIndex('cancel_checks_open_per_order_key')
      .on(t.performanceOrderId)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/** Background Excel exports (导出记录): one row per job; the file is kept in the row once done. */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: identityId(),
    /** The store whose records list it; null for a head-office export, listed only to the user who queued it. */
    storeId: integer('store_id').references(() => stores.id),
    userId: requiredRef('user_id', () => users.id),
    /** What is exported, e.g. received-orders. */
    kind: varchar('kind', { length: 32 }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** queued | running | done | failed */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    fileName: varchar('file_name', { length: 128 }).notNull().default(''),
    content: bytea('content'),
    error: varchar('error', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    index('export_jobs_store_idx').on(t.storeId, t.createdAt),
    index('export_jobs_head_office_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.storeId} is null`),
    index('export_jobs_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// 通知公告 (docs/domain/announcements.md).

/** A notice: draft → scheduled → published → withdrawn. `content` is sanitised HTML. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 64 }).notNull(),
    content: text('content').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    /** The chosen time (null = at once); a scheduled notice goes out at it. */
    publishAt: instant('publish_at'),
    publishedAt: instant('published_at'),
    withdrawnAt: instant('withdrawn_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('announcements_status_idx').on(t.status, t.id),
    index('announcements_due_idx')
      .on(t.publishAt)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

/** Whom a notice addresses: `kind` group, store or role and that row's id (resolved into users at publish time). */
export const announcementTargets = pgTable(
  'announcement_targets',
  {
    announcementId: requiredRef('announcement_id', () => announcements.id, 'cascade'),
    kind: varchar('kind', { length: 8 }).notNull(),
    targetId: integer('target_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.kind, t.targetId] })],
);

/**
 * One row per addressee of a published notice: the inbox (store) its message went to, the message, and when the
 * reader view was opened. Kept after a withdrawal (the read list stays), while the messages go.
 */
export const announcementReceipts = pgTable(
  'announcement_receipts',
  {
    announcementId: requiredRef('announcement_id', () => announcements.id, 'cascade'),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    messageId: bigint('message_id', { mode: 'number' }).references(() => imMessages.id, {
      onDelete: 'set null',
    }),
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_receipts_message_idx').on(t.messageId),
  ],
);

/** A notice's files, kept in the database so every server instance can serve them. */
export const announcementAttachments = pgTable(
  'announcement_attachments',
  {
    id: serial('id').primaryKey(),
    announcementId: requiredRef('announcement_id', () => announcements.id, 'cascade'),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    contentType: varchar('content_type', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('announcement_attachments_notice_idx').on(t.announcementId)],
);
export * from './schema/coupons.js';
export * from './schema/tea-tree.js';
export * from './schema/marketing-calendar.js';
export * from './schema/members.js';
export * from './schema/inventory.js';
export * from './schema/points-mall.js';
export * from './schema/employee-purchase.js';
export * from './schema/system-tools.js';
export * from './schema/backups.js';
