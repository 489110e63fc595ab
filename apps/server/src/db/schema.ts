import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Raw bytes (avatars): PostgreSQL `bytea`, read and written as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  name: varchar('name', { length: 64 }).notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

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
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    enabled: boolean('enabled').notNull().default(true),
    deptId: integer('dept_id').references(() => departments.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_work_code_key').on(t.workCode),
    uniqueIndex('users_phone_key').on(t.phone),
    index('users_dept_idx').on(t.deptId),
  ],
);

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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** Area groups of stores; `frontTitle` is the heading of a group in the store switcher. */
export const shopGroups = pgTable('shop_groups', {
  id: serial('id').primaryKey(),
  frontTitle: varchar('front_title', { length: 64 }).notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

/** Stores. `shopCode` is the address id the console calls `addressId` / `storeCode`. */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    shopCode: varchar('shop_code', { length: 32 }).notNull(),
    shopName: varchar('shop_name', { length: 64 }).notNull(),
    businessScopeName: varchar('business_scope_name', { length: 128 }).notNull(),
    shopGroupId: integer('shop_group_id')
      .notNull()
      .references(() => shopGroups.id),
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
    contactsId: integer('contacts_id').references(() => users.id),
    contactsName: varchar('contacts_name', { length: 64 }).notNull().default(''),
    contactsPhone: varchar('contacts_phone', { length: 20 }).notNull().default(''),
    /** Department (organisation) the store's staff belong to. */
    organizeId: integer('organize_id').references(() => departments.id),
    /** Store-info confirmation: false until a staff member confirms the details (spec 4.4). */
    infoConfirmed: boolean('info_confirmed').notNull().default(false),
    infoConfirmedAt: timestamp('info_confirmed_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('stores_shop_code_key').on(t.shopCode), index('stores_group_idx').on(t.shopGroupId)],
);

/** Which stores a user may work in. No rows means no store, never "all". */
export const userStores = pgTable(
  'user_stores',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] }), index('user_stores_store_idx').on(t.storeId)],
);

export const userLastStores = pgTable('user_last_stores', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  storeId: integer('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
  updatedAt: updatedAt(),
});

/** Sign-in sessions. Only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 255 }).notNull().default(''),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
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
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Password sign-in attempts, for the per-account and per-IP failure limits (shared by all instances). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    action: varchar('action', { length: 64 }).notNull(),
    target: varchar('target', { length: 128 }).notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    /** pending | confirmed | refused */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    openedBy: integer('opened_by').references(() => users.id, { onDelete: 'set null' }),
    batchId: varchar('batch_id', { length: 36 }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
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
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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
 * In-app messages (spec 3, 4.5): one row per receiver and store. Status 0 = not pushed yet; the listener answers
 * those until the client acknowledges them (docs/domain/messages.md). The partial indexes hold only the rows
 * the hot queries need, so unread counts and pending pushes never scan a receiver's history.
 */
export const imMessages = pgTable(
  'im_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessType: smallint('business_type').notNull(),
    messageType: smallint('message_type').notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    text: varchar('text', { length: 500 }).notNull(),
    expandInfo: jsonb('expand_info').$type<Record<string, string | number | boolean>>().notNull().default({}),
    status: smallint('status').notNull().default(0),
    /** Who created it: a module name, or `publish-api` for upstream systems. */
    source: varchar('source', { length: 32 }).notNull(),
    createdAt: createdAt(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
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
