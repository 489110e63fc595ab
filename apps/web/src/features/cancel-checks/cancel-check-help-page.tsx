import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  CANCEL_CHECK_STATES,
  CANCEL_CHECK_STATE_TEXT,
  type CancelCheckRow,
  type CancelCheckState,
} from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateRangePresetPicker } from '../../components/date-range-preset-picker';
import { formatTime } from '../../lib/format/display';
import { useStoreCode } from '../../stores/use-store-code';
import { AddCheckDialog } from './add-check-dialog';
import {
  CANCEL_CHECK_PAGE_SIZE,
  KEYWORD_MAX,
  cancelCheckPageBody,
  cancelCheckQueryOf,
  cancelCheckSearch,
  type CancelCheckQuery,
} from './cancel-check-query';
import { CANCEL_CHECK_STATE_COLOR } from './cancel-check-state';
import { cancelCheckKeys, cancelChecksApi } from './cancel-checks-api';
import styles from './cancel-checks.module.css';
import { CheckDrawer } from './check-drawer';
import { CANCEL_CHECK_LABELS } from './labels';

const L = CANCEL_CHECK_LABELS;
const F = L.fields;

const columns: TableColumnsType<CancelCheckRow> = [
  { title: F.checkNo, dataIndex: 'checkNo', width: 190 },
  {
    title: `${F.performanceOrderNo} / ${F.omsOrderNo}`,
    key: 'order',
    width: 220,
    responsive: ['md'],
    render: (_, row) => (
      <>
        <div>{row.performanceOrderNo}</div>
        <div className={styles.meta}>{row.omsOrderNo}</div>
      </>
    ),
  },
  { title: F.reason, dataIndex: 'reason', ellipsis: true, responsive: ['lg'] },
  {
    title: F.state,
    dataIndex: 'state',
    width: 110,
    render: (state: CancelCheckState, row) => (
      <Tag color={CANCEL_CHECK_STATE_COLOR[state]}>{row.stateText}</Tag>
    ),
  },
  { title: F.requestedBy, dataIndex: 'requestedByName', width: 100, responsive: ['lg'] },
  {
    title: F.createdAt,
    dataIndex: 'createdAt',
    width: 170,
    responsive: ['sm'],
    render: (at: string) => formatTime(at),
  },
];

/** 取消核查: the store's cancel checks by state, 新增核查 when allowed, a drawer per check (its id in the URL). */
export function CancelCheckHelpPage() {
  const [params, setParams] = useSearchParams();
  const query = cancelCheckQueryOf(params);
  const storeCode = useStoreCode();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const listQuery = { ...query, checkId: undefined };
  const auth = useQuery({
    queryKey: cancelCheckKeys.auth(storeCode),
    queryFn: ({ signal }) => cancelChecksApi.auth(storeCode, signal),
    enabled: Boolean(storeCode),
  });
  const list = useQuery({
    queryKey: cancelCheckKeys.page(storeCode, listQuery),
    queryFn: ({ signal }) => cancelChecksApi.page(cancelCheckPageBody(storeCode, listQuery), signal),
    enabled: Boolean(storeCode),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === storeCode ? previous : undefined,
  });

  const setQuery = (next: Partial<CancelCheckQuery>) =>
    setParams(cancelCheckSearch({ ...query, pageNum: 1, checkId: undefined, ...next }));
  const openCheck = (checkId: number | undefined) => setParams(cancelCheckSearch({ ...query, checkId }));

  if (!storeCode) return <Alert type="info" showIcon title={L.common.noStore} />;
  const page = list.data;

  return (
    <Card
      title={L.title}
      data-testid="cancel-checks-page"
      extra={
        <Space>
          {auth.data?.canAdd ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="add-check"
              onClick={() => setAdding(true)}
            >
              {L.add.open}
            </Button>
          ) : null}
          <Button
            icon={<ReloadOutlined />}
            loading={list.isFetching}
            aria-label={L.common.refresh}
            onClick={() => void list.refetch()}
          />
        </Space>
      }
    >
      <div className={styles.page}>
        <Tabs
          data-testid="check-states"
          activeKey={query.state ?? 'all'}
          onChange={(key) => setQuery({ state: key === 'all' ? undefined : (key as CancelCheckState) })}
          items={[
            { key: 'all', label: L.list.allStates },
            ...CANCEL_CHECK_STATES.map((state) => ({ key: state, label: CANCEL_CHECK_STATE_TEXT[state] })),
          ]}
        />
        <div className={styles.filters}>
          <DateRangePresetPicker
            data-testid="check-date"
            value={query.date}
            placeholder={L.list.datePlaceholder}
            onChange={(date) => setQuery({ date })}
          />
          <Input.Search
            data-testid="check-keyword"
            className={styles.keyword}
            allowClear
            maxLength={KEYWORD_MAX}
            placeholder={L.list.keywordPlaceholder}
            key={query.keyword}
            defaultValue={query.keyword}
            onSearch={(value) => setQuery({ keyword: value.trim() })}
          />
          <Button onClick={() => setParams({})}>{L.common.reset}</Button>
        </div>
        {list.isError ? <Alert type="error" showIcon title={L.common.loadFailed} /> : null}
        <Table<CancelCheckRow>
          data-testid="check-table"
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={page?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: list.isLoading ? L.common.loading : L.list.empty }}
          rowClassName={() => styles.clickable ?? ''}
          onRow={(row) => ({ onClick: () => openCheck(row.id) })}
          pagination={{
            current: query.pageNum,
            pageSize: CANCEL_CHECK_PAGE_SIZE,
            total: page?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (pageNum) => setQuery({ pageNum }),
          }}
        />
      </div>
      <CheckDrawer storeCode={storeCode} checkId={query.checkId} onClose={() => openCheck(undefined)} />
      <AddCheckDialog
        open={adding}
        storeCode={storeCode}
        onClose={() => setAdding(false)}
        onAdded={(id) => {
          void queryClient.invalidateQueries({ queryKey: cancelCheckKeys.all });
          setParams(cancelCheckSearch({ ...query, state: undefined, pageNum: 1, checkId: id }));
        }}
      />
    </Card>
  );
}
