import type { AuthOpenRecord, AuthOpenStatus } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Segmented, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { authOpenApi } from './auth-open-api';
import { AUTH_OPEN_LABELS } from './labels';
import { RECORDS_PAGE_SIZE, recordsQueryOf, recordsSearch } from './records-query';

const L = AUTH_OPEN_LABELS.records;
const STATUS_COLOR: Record<AuthOpenStatus, string> = {
  pending: 'processing',
  confirmed: 'success',
  refused: 'default',
};
type Filter = AuthOpenStatus | 'all';

/** 我的授权: the stores head office opened for me, to confirm or refuse. */
export function AuthConfirmPage() {
  const [params, setParams] = useSearchParams();
  const query = recordsQueryOf(params);
  const queryClient = useQueryClient();
  const records = useQuery({
    queryKey: ['auth-open', 'records', query],
    queryFn: ({ signal }) =>
      authOpenApi.records(
        { pageNum: query.pageNum, pageSize: RECORDS_PAGE_SIZE, status: query.status },
        signal,
      ),
    placeholderData: (previous) => previous,
  });
  const decide = useMutation({
    mutationFn: authOpenApi.decide,
    onSuccess: (record) => {
      notify.success(record.status === 'confirmed' ? L.confirmed : L.refused);
      void queryClient.invalidateQueries({ queryKey: ['auth-open', 'records'] });
    },
  });

  const refuse = async (record: AuthOpenRecord) => {
    const sure = await notify.confirm({
      title: L.refuseTitle,
      content: L.refuseContent(`${record.shopName}（${record.shopCode}）`),
      okText: AUTH_OPEN_LABELS.ok,
      cancelText: AUTH_OPEN_LABELS.cancel,
    });
    if (sure) decide.mutate({ id: record.id, action: 'refuse' });
  };

  const columns: TableColumnsType<AuthOpenRecord> = [
    {
      title: L.store,
      key: 'store',
      render: (_, r) => `${r.shopName}（${r.shopCode}）`,
      width: 200,
    },
    { title: L.role, dataIndex: 'roleName', render: (name: string | null) => name ?? L.noRole, width: 110 },
    {
      title: L.openedBy,
      dataIndex: 'openedByName',
      render: (name: string | null) => name ?? '-',
      width: 110,
    },
    {
      title: L.createdAt,
      dataIndex: 'createdAt',
      render: (at: string) => new Date(at).toLocaleString('zh-CN'),
      width: 170,
    },
    { title: L.remark, dataIndex: 'remark', render: (text: string) => text || '-', ellipsis: true },
    {
      title: L.status,
      dataIndex: 'status',
      width: 90,
      render: (status: AuthOpenStatus) => (
        <Tag color={STATUS_COLOR[status]}>{AUTH_OPEN_LABELS.status[status]}</Tag>
      ),
    },
    {
      title: L.actions,
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'pending' ? (
          <Space size={4}>
            <Button
              type="primary"
              size="small"
              loading={
                decide.isPending && decide.variables?.id === r.id && decide.variables.action === 'confirm'
              }
              disabled={decide.isPending}
              onClick={() => decide.mutate({ id: r.id, action: 'confirm' })}
            >
              {L.confirm}
            </Button>
            <Button size="small" danger disabled={decide.isPending} onClick={() => void refuse(r)}>
              {L.refuse}
            </Button>
          </Space>
        ) : (
          '-'
        ),
    },
  ];

  const setQuery = (next: Partial<typeof query>) => setParams(recordsSearch({ ...query, ...next }));

  return (
    <Card title={AUTH_OPEN_LABELS.confirmTitle} data-testid="auth-confirm-page">
      <Flex vertical gap={12}>
        <Segmented<Filter>
          value={query.status ?? 'all'}
          onChange={(value) => setQuery({ status: value === 'all' ? undefined : value, pageNum: 1 })}
          options={[
            { value: 'all', label: L.filterAll },
            { value: 'pending', label: AUTH_OPEN_LABELS.status.pending },
            { value: 'confirmed', label: AUTH_OPEN_LABELS.status.confirmed },
            { value: 'refused', label: AUTH_OPEN_LABELS.status.refused },
          ]}
        />
        <Table<AuthOpenRecord>
          rowKey="id"
          size="middle"
          loading={records.isFetching}
          dataSource={records.data?.list ?? []}
          columns={columns}
          scroll={{ x: 920 }}
          locale={{ emptyText: records.isLoading ? AUTH_OPEN_LABELS.loading : L.empty }}
          pagination={{
            current: query.pageNum,
            pageSize: RECORDS_PAGE_SIZE,
            total: records.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (pageNum) => setQuery({ pageNum }),
          }}
        />
      </Flex>
    </Card>
  );
}
