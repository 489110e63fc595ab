import { ReloadOutlined } from '@ant-design/icons';
import type { ExportRecord, ExportStatus } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { pageNumOfSearch } from '../../components/date-filter-search';
import { useHasPermission } from '../../components/permission';
import { notify } from '../../lib/notify';
import { formatTime } from '../../lib/format/display';
import { useStoreCode } from '../../stores/use-store-code';
import { isActive, pollInterval, progressOf, STATUS_COLOR } from './export-progress';
import { exportKeys, exportsApi, saveBlob } from './exports-api';
import styles from './exports.module.css';
import { EXPORT_LABELS } from './labels';

const L = EXPORT_LABELS;
const F = L.fields;
export const EXPORT_RECORDS_PAGE_SIZE = 10;

type RowActions = {
  canAgain: boolean;
  onDownload(record: ExportRecord): void;
  onAgain(record: ExportRecord): void;
};

function columnsOf({ canAgain, onDownload, onAgain }: RowActions): TableColumnsType<ExportRecord> {
  return [
    {
      title: F.fileName,
      dataIndex: 'fileName',
      render: (name: string, record) => (
        <>
          <div>{name || L.common.none}</div>
          <div className={styles.meta}>{record.kindText}</div>
        </>
      ),
    },
    {
      title: F.status,
      dataIndex: 'status',
      width: 100,
      render: (status: ExportStatus, record) => (
        <Tag color={STATUS_COLOR[status]} data-testid="export-status">
          {record.statusText}
        </Tag>
      ),
    },
    {
      title: F.progress,
      key: 'progress',
      width: 180,
      render: (_, record) => (
        <div className={styles.progress}>
          <Progress size="small" {...progressOf(record)} data-testid="export-progress" />
          {record.error ? <div className={styles.error}>{record.error}</div> : null}
        </div>
      ),
    },
    { title: F.rowCount, dataIndex: 'rowCount', width: 80, align: 'right', responsive: ['md'] },
    { title: F.createdBy, dataIndex: 'createdByName', width: 100, responsive: ['lg'] },
    {
      title: F.createdAt,
      dataIndex: 'createdAt',
      width: 170,
      responsive: ['md'],
      render: (at: string) => formatTime(at),
    },
    {
      title: F.finishedAt,
      dataIndex: 'finishedAt',
      width: 170,
      responsive: ['lg'],
      render: (at: string | null) => formatTime(at),
    },
    {
      title: F.actions,
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, record) => (
        <Space size={4}>
          {record.status === 'done' ? (
            <Button type="link" size="small" data-testid="export-download" onClick={() => onDownload(record)}>
              {L.records.download}
            </Button>
          ) : null}
          {canAgain && !isActive(record) ? (
            <Button type="link" size="small" data-testid="export-again" onClick={() => onAgain(record)}>
              {L.records.again}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
}

/** 导出记录: the store's export jobs, newest first, re-read every 2 s while any is queued or running. */
export function ExportRecordsPage() {
  const [params, setParams] = useSearchParams();
  const pageNum = pageNumOfSearch(params);
  const storeCode = useStoreCode();
  const queryClient = useQueryClient();
  const canAgain = useHasPermission(['export:again']);
  const records = useQuery({
    queryKey: exportKeys.records(storeCode, pageNum),
    queryFn: ({ signal }) =>
      exportsApi.records({ storeCode, pageNum, pageSize: EXPORT_RECORDS_PAGE_SIZE }, signal),
    enabled: Boolean(storeCode),
    refetchInterval: (query) => pollInterval(query.state.data?.list),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === storeCode ? previous : undefined,
  });
  const download = useMutation({
    mutationFn: (record: ExportRecord) => exportsApi.download(storeCode, record.id),
    onSuccess: (blob, record) => saveBlob(blob, record.fileName || 'export.xlsx'),
  });
  const again = useMutation({
    mutationFn: (record: ExportRecord) => exportsApi.again(storeCode, record.id),
    onSuccess: () => {
      notify.success(L.records.againDone);
      if (pageNum !== 1) setParams({});
      void queryClient.invalidateQueries({ queryKey: exportKeys.all });
    },
  });

  if (!storeCode) return <Alert type="info" showIcon title={L.common.noStore} />;
  const page = records.data;
  const polling = pollInterval(page?.list) !== false;

  return (
    <Card
      title={L.title}
      data-testid="export-records-page"
      extra={
        <Button icon={<ReloadOutlined />} loading={records.isFetching} onClick={() => void records.refetch()}>
          {L.common.refresh}
        </Button>
      }
    >
      <div className={styles.page}>
        {polling ? (
          <Alert type="info" showIcon title={L.records.polling} data-testid="export-polling" />
        ) : null}
        {records.isError ? <Alert type="error" showIcon title={L.common.loadFailed} /> : null}
        <Table<ExportRecord>
          data-testid="export-table"
          rowKey="id"
          size="middle"
          columns={columnsOf({
            canAgain,
            onDownload: (record) => download.mutate(record),
            onAgain: (record) => again.mutate(record),
          })}
          dataSource={page?.list ?? []}
          loading={records.isLoading}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: records.isLoading ? L.common.loading : L.records.empty }}
          pagination={{
            current: pageNum,
            pageSize: EXPORT_RECORDS_PAGE_SIZE,
            total: page?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (next) => setParams(next > 1 ? { pageNum: String(next) } : {}),
          }}
        />
      </div>
    </Card>
  );
}
