/** Query keys of 通知公告 and the notice reader. */
export const announcementKeys = {
  all: ['announcements'] as const,
  page: ['announcements', 'page'] as const,
  detail: (id: number) => ['announcements', 'detail', id] as const,
  receipts: (id: number, read: string, pageNum: number) =>
    ['announcements', 'receipts', id, read, pageNum] as const,
  addressees: (keyword: string) => ['announcements', 'addressees', keyword] as const,
  addresseeStores: ['announcements', 'addressee-stores'] as const,
  reading: (id: number) => ['announcements', 'reading', id] as const,
};
