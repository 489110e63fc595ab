import { PlusOutlined } from '@ant-design/icons';
import {
  ANNOUNCEMENT_PERMISSIONS as P,
  ANNOUNCEMENT_STATUSES,
  announcementEndpoints,
  type AnnouncementListBody,
  type AnnouncementRow,
} from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { column, type ListColumn } from '../../components/list/columns';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';
import type { RowAction } from '../../components/list/row-actions';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { statusFilterOf } from '../../components/list/use-list-query';
import { useHasPermission } from '../../components/permission';
import { COMMON_LABELS } from '../../components/labels';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { AnnouncementDetailDrawer } from './announcement-detail-drawer';
import { AnnouncementFormDialog, type AnnouncementFormTarget } from './announcement-form-dialog';
import { announcementKeys } from './announcement-keys';
import { STATUS_COLOR, STATUS_OPTIONS } from './announcement-status';
import { ANNOUNCEMENT_LABELS } from './labels';

const L = ANNOUNCEMENT_LABELS;
const T = L.columns;

/** The list's URL: each parameter checked on its own (a bad one is no filter). */
export const announcementsUrlShape = {
  status: urlField.oneOfOr(['all', ...ANNOUNCEMENT_STATUSES], 'all'),
  keyword: urlField.keyword(50),
  ...dateUrlShape,
  id: urlField.recordId(),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
type AnnouncementsQuery = UrlQuery<typeof announcementsUrlShape>;

/** The URL's query → the contract's filters; a date preset is resolved at `now`. */
export function announcementFiltersOf(query: AnnouncementsQuery, now: Date = new Date()) {
  return {
    status: query.status === 'all' ? null : query.status,
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  } satisfies Partial<AnnouncementListBody>;
}

const COLUMNS: ListColumn<AnnouncementRow>[] = [
  column.text('title', T.title, { width: 220 }),
  column.status('status', T.status, L.statusText, STATUS_COLOR, { testId: 'announcement-status' }),
  column.remark('targetSummary', T.targets, { width: 200 }),
  {
    key: 'read',
    title: T.read,
    width: 100,
    render: (_, row) =>
      row.status === 'published' || row.status === 'withdrawn'
        ? `${row.readCount}/${row.recipientCount}`
        : '—',
  },
  {
    key: 'publishAt',
    title: T.publishAt,
    width: 170,
    // A scheduled notice shows its chosen time, a published one when it went out.
    render: (_, row) => formatDate(row.publishedAt ?? row.publishAt) || COMMON_LABELS.none,
  },
  column.person('createdBy', T.createdBy, { width: 100 }),
  column.time('createdAt', T.createdAt, { hiddenByDefault: true }),
];

/** 通知公告 (head office): notices by state, keyword and day; write, publish or schedule, withdraw, read list. */
export function AnnouncementsPage() {
  const { listQuery, list } = useHeadOfficeList(announcementsUrlShape, {
    key: announcementKeys.page,
    endpoint: announcementEndpoints.page,
    filters: (query) => announcementFiltersOf(query),
  });
  const { query, setQuery } = listQuery;
  const queryClient = useQueryClient();
  const [form, setForm] = useState<AnnouncementFormTarget | null>(null);
  const canAdd = useHasPermission([P.add]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: announcementKeys.all });

  const publish = useMutation({
    mutationFn: (row: AnnouncementRow) => call(announcementEndpoints.publish, { id: row.id }),
    onSuccess: (notice) => {
      notify.success(notice.status === 'scheduled' ? L.done.scheduled : L.done.published);
      refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: (row: AnnouncementRow) => call(announcementEndpoints.withdraw, { id: row.id }),
    onSuccess: () => {
      notify.success(L.done.withdrawn);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: AnnouncementRow) => call(announcementEndpoints.remove, { id: row.id }),
    onSuccess: () => {
      notify.success(L.done.removed);
      refresh();
    },
  });
  const scheduledLater = (row: AnnouncementRow) =>
    row.publishAt !== null && new Date(row.publishAt).getTime() > Date.now();

  const rowActions: RowAction<AnnouncementRow>[] = [
    { key: 'view', label: L.actions.view, onClick: (row) => setQuery({ id: row.id }) },
    {
      key: 'edit',
      label: L.actions.edit,
      permission: [P.edit],
      allowed: (row) => row.status === 'draft',
      onClick: (row) => setForm({ mode: 'edit', id: row.id }),
    },
    {
      key: 'publish',
      label: L.actions.publish,
      permission: [P.publish],
      allowed: (row) => row.status === 'draft',
      confirm: (row) => ({ content: L.confirm.publish(row.title, scheduledLater(row)) }),
      onClick: (row) => publish.mutateAsync(row),
    },
    {
      key: 'withdraw',
      label: L.actions.withdraw,
      danger: true,
      permission: [P.publish],
      allowed: (row) => row.status === 'scheduled' || row.status === 'published',
      confirm: (row) => ({ content: L.confirm.withdraw(row.title) }),
      onClick: (row) => withdraw.mutateAsync(row),
    },
    {
      key: 'remove',
      label: L.actions.remove,
      danger: true,
      permission: [P.remove],
      allowed: (row) => row.status === 'draft',
      confirm: (row) => ({ content: L.confirm.remove(row.title) }),
      onClick: (row) => remove.mutateAsync(row),
    },
  ];

  return (
    <>
      <ListPage
        title={L.title}
        name="announcements"
        list={list}
        columns={COLUMNS}
        rowKey="id"
        empty={{ description: L.empty }}
        statusFilter={statusFilterOf(listQuery, STATUS_OPTIONS)}
        toolbar={
          canAdd ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ mode: 'create' })}
              data-testid="announcements-add"
            >
              {L.add}
            </Button>
          ) : null
        }
        filters={<DateKeywordFilters listQuery={listQuery} name="announcements" labels={L.list} />}
        rowActions={rowActions}
      />
      <AnnouncementFormDialog
        target={form}
        onClose={() => setForm(null)}
        onSaved={(notice) => {
          refresh();
          // A new draft opens in the detail, where its attachments are added.
          if (form?.mode === 'create') setQuery({ id: notice.id });
        }}
      />
      <AnnouncementDetailDrawer id={query.id ?? null} onClose={() => setQuery({ id: undefined })} />
    </>
  );
}
