import { exportEndpoints, type ExportRecord } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Progress } from 'antd';
import { column, type ListColumn } from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import type { RowAction } from '../../components/list/row-actions';
import { useStoreList } from '../../components/list/use-store-list';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { saveBlob } from '../../lib/save-blob';
import { isActive, pollInterval, progressOf, STATUS_COLOR } from './export-progress';
import { downloadExport, exportKeys } from './exports-api';
import styles from './exports.module.css';
import { EXPORT_LABELS } from './labels';
import { useRefresh } from '../../lib/use-refresh';

const L = EXPORT_LABELS;
const F = L.fields;
const recordsUrlShape = { pageNum: urlField.pageNum(), pageSize: urlField.pageSize([10, 20, 50], 10) };

const COLUMNS: ListColumn<ExportRecord>[] = [
  column.key('fileName', F.fileName, () => null, { width: 240, sub: (record) => record.kindText }),
  column.status('status', F.status, (record) => record.statusText, STATUS_COLOR, { testId: 'export-status' }),
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
  column.count('rowCount', F.rowCount, { width: 80 }),
  column.person('createdByName', F.createdBy),
  column.time('createdAt', F.createdAt),
  column.time('finishedAt', F.finishedAt, { hiddenByDefault: true }),
];

/** 导出记录: the store's export jobs, newest first, re-read every 2 s while any is queued or running. */
export function ExportRecordsPage() {
  const { storeCode, listQuery, list } = useStoreList(recordsUrlShape, {
    key: exportKeys.records,
    endpoint: () => exportEndpoints.records,
    poll: pollInterval,
  });
  const { query, setQuery } = listQuery;
  const refresh = useRefresh(exportKeys.all);
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
      refresh();
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

  const polling = pollInterval(list.rows) !== false;

  return (
    <ListPage
      title={L.title}
      name="export"
      testId="export-records-page"
      list={list}
      columns={COLUMNS}
      rowKey="id"
      rowActions={rowActions}
      empty={{ description: L.records.empty }}
      notice={
        polling ? <Alert type="info" showIcon title={L.records.polling} data-testid="export-polling" /> : null
      }
    />
  );
}
