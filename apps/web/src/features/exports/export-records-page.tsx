import { exportEndpoints, type ExportRecord } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Progress, Tag } from 'antd';
import { COMMON_LABELS } from '../../components/labels';
import { timeColumn, type ListColumn } from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import type { RowAction } from '../../components/list/row-actions';
import { useListData } from '../../components/list/use-list-data';
import { useListQuery } from '../../components/list/use-list-query';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { saveBlob } from '../../lib/save-blob';
import { useStoreCode } from '../../stores/use-store-code';
import { isActive, pollInterval, progressOf, STATUS_COLOR } from './export-progress';
import { downloadExport, exportKeys } from './exports-api';
import styles from './exports.module.css';
import { EXPORT_LABELS } from './labels';

const L = EXPORT_LABELS;
const F = L.fields;
const PAGE_SIZES = [10, 20, 50] as const;
const recordsUrlShape = { pageNum: urlField.pageNum(), pageSize: urlField.pageSize(PAGE_SIZES, 10) };

const COLUMNS: ListColumn<ExportRecord>[] = [
  {
    key: 'fileName',
    title: F.fileName,
    isKey: true,
    render: (_, record) => (
      <>
        <div>{record.fileName || COMMON_LABELS.none}</div>
        <div className={styles.meta}>{record.kindText}</div>
      </>
    ),
  },
  {
    key: 'status',
    title: F.status,
    width: 100,
    render: (_, record) => (
      <Tag color={STATUS_COLOR[record.status]} data-testid="export-status">
        {record.statusText}
      </Tag>
    ),
  },
  {
    key: 'progress',
    title: F.progress,
    width: 180,
    render: (_, record) => (
      <div className={styles.progress}>
        <Progress size="small" {...progressOf(record)} data-testid="export-progress" />
        {record.error ? <div className={styles.error}>{record.error}</div> : null}
      </div>
    ),
  },
  { key: 'rowCount', title: F.rowCount, dataIndex: 'rowCount', width: 80, align: 'right' },
  { key: 'createdByName', title: F.createdBy, dataIndex: 'createdByName', width: 100 },
  timeColumn('createdAt', F.createdAt),
  timeColumn('finishedAt', F.finishedAt, { hiddenByDefault: true }),
];

/** 导出记录: the store's export jobs, newest first, re-read every 2 s while any is queued or running. */
export function ExportRecordsPage() {
  const listQuery = useListQuery(recordsUrlShape);
  const { query, setQuery } = listQuery;
  const storeCode = useStoreCode();
  const queryClient = useQueryClient();
  const list = useListData({
    key: exportKeys.records(storeCode),
    endpoint: exportEndpoints.records,
    request: { storeCode, pageNum: query.pageNum, pageSize: query.pageSize },
    enabled: Boolean(storeCode),
    poll: pollInterval,
  });
  const download = useMutation({
    mutationFn: (record: ExportRecord) => downloadExport(storeCode, record.id),
    onSuccess: (blob, record) => saveBlob(blob, record.fileName || 'export.xlsx'),
  });
  const again = useMutation({
    mutationFn: (record: ExportRecord) => call(exportEndpoints.again, { storeCode, id: record.id }),
    onSuccess: () => {
      notify.success(L.records.againDone);
      // The new job is the newest: page 1 shows it.
      if (query.pageNum !== 1) setQuery({ pageNum: 1 });
      void queryClient.invalidateQueries({ queryKey: exportKeys.all });
    },
  });
  const rowActions: RowAction<ExportRecord>[] = [
    {
      key: 'download',
      label: L.records.download,
      allowed: (record) => record.status === 'done',
      onClick: (record) => download.mutate(record),
    },
    {
      key: 'again',
      label: L.records.again,
      permission: ['export:again'],
      allowed: (record) => !isActive(record),
      onClick: (record) => again.mutate(record),
    },
  ];

  if (!storeCode) return <Alert type="info" showIcon title={COMMON_LABELS.noStore} />;
  const polling = pollInterval(list.rows) !== false;

  return (
    <ListPage
      title={L.title}
      name="export"
      testId="export-records-page"
      list={list}
      paging={listQuery}
      columns={COLUMNS}
      rowKey="id"
      pageSizes={PAGE_SIZES}
      rowActions={rowActions}
      empty={{ description: L.records.empty }}
      notice={
        polling ? <Alert type="info" showIcon title={L.records.polling} data-testid="export-polling" /> : null
      }
    />
  );
}
