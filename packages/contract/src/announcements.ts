import { z } from 'zod';
import { endpoint, fileResponse, noInput } from './common/endpoint.js';
import { keywordField, listFilters } from './common/list-request.js';
import { dateRangeFields } from './common/date-range.js';
import { pageOf, pageRequest } from './common/page.js';

/**
 * 通知公告 (docs/domain/announcements.md): head office writes a notice for shop groups, stores or roles, publishes
 * it now or at a time, and each addressee receives it once through the message center; the reader view is open
 * to addressees only.
 */
export const ANNOUNCEMENT_PATHS = {
  page: '/api/announcements/page',
  detail: '/api/announcements/detail',
  create: '/api/announcements',
  update: '/api/announcements',
  remove: '/api/announcements',
  publish: '/api/announcements/publish',
  withdraw: '/api/announcements/withdraw',
  receipts: '/api/announcements/receipts',
  addressees: '/api/announcements/addressees',
  attachments: '/api/announcements/attachments',
  attachmentFile: '/api/announcements/attachments/file',
  read: '/api/announcements/read',
} as const;

/** The button permissions of the 通知公告 page (menu seed, routes and the page's actions). */
export const ANNOUNCEMENT_PERMISSIONS = {
  add: 'notice:add',
  edit: 'notice:edit',
  publish: 'notice:publish',
  remove: 'notice:del',
} as const;

export const ANNOUNCEMENT_STATUSES = ['draft', 'scheduled', 'published', 'withdrawn'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const ANNOUNCEMENT_LIMITS = {
  titleMax: 64,
  /** Characters of the sanitised HTML. */
  contentMax: 20_000,
  targetsMax: 200,
  attachmentsMax: 5,
  attachmentBytesMax: 5 * 1024 * 1024,
  pageSizeMax: 50,
  addresseeStoresMax: 50,
} as const;

/** File kinds a notice may carry (by extension; the server also checks the leading bytes of each). */
export const ANNOUNCEMENT_ATTACHMENT_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'docx',
  'xlsx',
  'pptx',
  'txt',
] as const;

const id = (message: string, fromQuery = false) =>
  (fromQuery ? z.coerce.number({ error: message }) : z.number({ error: message }))
    .int(message)
    .positive(message)
    .max(2_147_483_647, message);

const idList = (label: string) =>
  z
    .array(id(`${label}不正确`), { error: `${label}不正确` })
    .max(ANNOUNCEMENT_LIMITS.targetsMax, `${label}最多选择${ANNOUNCEMENT_LIMITS.targetsMax}个`)
    .default([]);

export const announcementTargetsSchema = z.object({
  groupIds: idList('门店分组'),
  storeIds: idList('门店'),
  roleIds: idList('角色'),
});
export type AnnouncementTargetsInput = z.input<typeof announcementTargetsSchema>;

/** An ISO instant with its offset (`2026-11-27T10:00:00+08:00`); null = no time chosen (publish at once). */
const publishAtField = z.iso
  .datetime({ offset: true, error: '定时发布时间格式不正确' })
  .nullish()
  .transform((value) => value ?? null);

const formFields = {
  title: z
    .string({ error: '请填写公告标题' })
    .trim()
    .min(1, '请填写公告标题')
    .max(ANNOUNCEMENT_LIMITS.titleMax, `公告标题不能超过${ANNOUNCEMENT_LIMITS.titleMax}个字`),
  /** Rich text (HTML); the server keeps only allow-listed tags and attributes. */
  content: z
    .string({ error: '请填写公告内容' })
    .max(ANNOUNCEMENT_LIMITS.contentMax, `公告内容不能超过${ANNOUNCEMENT_LIMITS.contentMax}个字符`),
  targets: announcementTargetsSchema,
  publishAt: publishAtField,
};

export const announcementCreateSchema = z.object(formFields);
export type AnnouncementCreate = z.input<typeof announcementCreateSchema>;
export const announcementUpdateSchema = z.object({ id: id('公告编号不正确'), ...formFields });
export type AnnouncementUpdate = z.input<typeof announcementUpdateSchema>;
export const announcementIdSchema = z.object({ id: id('公告编号不正确') });
export const announcementIdQuerySchema = z.object({ id: id('公告编号不正确', true) });

export const announcementFilters = listFilters(
  {
    keyword: keywordField(50),
    status: z.enum(ANNOUNCEMENT_STATUSES, { error: '公告状态不正确' }).nullish(),
    /** Days of the creation time (Asia/Shanghai). */
    ...dateRangeFields,
  },
  { max: ANNOUNCEMENT_LIMITS.pageSizeMax, defaultSize: 20 },
);
export type AnnouncementListBody = z.input<typeof announcementFilters.request>;

const refSchema = z.object({ id: z.number().int(), name: z.string() });
const storeRefSchema = refSchema.extend({ code: z.string() });
export type AnnouncementRef = z.infer<typeof refSchema>;
export type AnnouncementStoreRef = z.infer<typeof storeRefSchema>;

export const announcementRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  /** The chosen time of a scheduled notice; the time it went out once published. */
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** 华东一区、亦庄文化园店、店长 … (the first few addressees). */
  targetSummary: z.string(),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
  attachmentCount: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnnouncementRow = z.infer<typeof announcementRowSchema>;
export const announcementPageSchema = pageOf(announcementRowSchema);

export const announcementAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
});
export type AnnouncementAttachment = z.infer<typeof announcementAttachmentSchema>;

export const announcementDetailSchema = announcementRowSchema.extend({
  content: z.string(),
  targets: z.object({
    groups: z.array(refSchema),
    stores: z.array(storeRefSchema),
    roles: z.array(refSchema),
  }),
  attachments: z.array(announcementAttachmentSchema),
});
export type AnnouncementDetail = z.infer<typeof announcementDetailSchema>;

export const announcementPublishSchema = z.object({ id: id('公告编号不正确') });

export const announcementReceiptsQuerySchema = z.object({
  id: id('公告编号不正确', true),
  read: z.enum(['read', 'unread'], { error: '阅读状态不正确' }).nullish(),
  ...pageRequest({ max: ANNOUNCEMENT_LIMITS.pageSizeMax, defaultSize: 20, fromQuery: true }),
});
export const announcementReceiptSchema = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  workCode: z.string(),
  storeCode: z.string(),
  storeName: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
});
export type AnnouncementReceipt = z.infer<typeof announcementReceiptSchema>;
export const announcementReceiptPageSchema = pageOf(announcementReceiptSchema).extend({
  readCount: z.number().int(),
  unreadCount: z.number().int(),
});
export type AnnouncementReceiptPage = z.infer<typeof announcementReceiptPageSchema>;

export const announcementAddresseesQuerySchema = z.object({ keyword: keywordField(32) });
/** What the caller may address: the groups and stores of their data scope, the roles they could grant. */
export const announcementAddresseesSchema = z.object({
  groups: z.array(refSchema),
  stores: z.array(storeRefSchema),
  roles: z.array(refSchema),
});
export type AnnouncementAddressees = z.infer<typeof announcementAddresseesSchema>;

/** The addressee's reader view. */
export const announcementReadingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string().nullable(),
  attachments: z.array(announcementAttachmentSchema),
});
export type AnnouncementReading = z.infer<typeof announcementReadingSchema>;

export const announcementEndpoints = {
  page: endpoint({
    method: 'POST',
    path: ANNOUNCEMENT_PATHS.page,
    request: announcementFilters.request,
    response: announcementPageSchema,
    summary: 'Notices, newest first, by status, keyword (title) and creation days, with read counts',
  }),
  detail: endpoint({
    method: 'GET',
    path: ANNOUNCEMENT_PATHS.detail,
    request: announcementIdQuerySchema,
    response: announcementDetailSchema,
    summary: 'A notice with its content, addressees and attachments',
  }),
  create: endpoint({
    method: 'POST',
    path: ANNOUNCEMENT_PATHS.create,
    request: announcementCreateSchema,
    response: announcementDetailSchema,
    summary: 'Save a new notice as a draft (content sanitised)',
  }),
  update: endpoint({
    method: 'PUT',
    path: ANNOUNCEMENT_PATHS.update,
    request: announcementUpdateSchema,
    response: announcementDetailSchema,
    summary: 'Edit a draft notice',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: ANNOUNCEMENT_PATHS.remove,
    request: announcementIdQuerySchema,
    response: z.null(),
    summary: 'Delete a draft notice',
  }),
  publish: endpoint({
    method: 'POST',
    path: ANNOUNCEMENT_PATHS.publish,
    request: announcementPublishSchema,
    response: announcementDetailSchema,
    summary: 'Publish a draft now, or schedule it when its time is in the future',
  }),
  withdraw: endpoint({
    method: 'POST',
    path: ANNOUNCEMENT_PATHS.withdraw,
    request: announcementIdSchema,
    response: announcementDetailSchema,
    summary: 'Withdraw a scheduled or published notice: its messages leave every inbox',
  }),
  receipts: endpoint({
    method: 'GET',
    path: ANNOUNCEMENT_PATHS.receipts,
    request: announcementReceiptsQuerySchema,
    response: announcementReceiptPageSchema,
    summary: 'Who received a notice and whether they read it',
  }),
  addressees: endpoint({
    method: 'GET',
    path: ANNOUNCEMENT_PATHS.addressees,
    request: announcementAddresseesQuerySchema,
    response: announcementAddresseesSchema,
    summary: 'Shop groups, stores (by keyword) and roles the caller may address',
  }),
  uploadAttachment: endpoint({
    method: 'POST',
    path: ANNOUNCEMENT_PATHS.attachments,
    request: noInput,
    response: announcementAttachmentSchema,
    summary:
      "Attach a file (multipart, one file up to 5 MB) to a draft notice; the notice's id in the query (?id=)",
  }),
  removeAttachment: endpoint({
    method: 'DELETE',
    path: ANNOUNCEMENT_PATHS.attachments,
    request: announcementIdQuerySchema,
    response: z.null(),
    summary: "Remove an attachment of a draft notice (the attachment's id)",
  }),
  attachmentFile: endpoint({
    method: 'GET',
    path: ANNOUNCEMENT_PATHS.attachmentFile,
    request: announcementIdQuerySchema,
    response: fileResponse,
    summary: 'Download an attachment: head office, or an addressee of the published notice',
  }),
  read: endpoint({
    method: 'POST',
    path: ANNOUNCEMENT_PATHS.read,
    request: announcementIdSchema,
    response: announcementReadingSchema,
    summary: 'An addressee opens a published notice (marks it read)',
  }),
};
