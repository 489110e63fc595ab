import { PlusOutlined } from '@ant-design/icons';
import {
  CANCEL_CHECK_STATES,
  CANCEL_CHECK_STATE_TEXT,
  FULFILMENT_STATUS_TEXT,
  cancelCheckEndpoints,
  type CancelCheckRow,
} from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { FULFILMENT_STATUS_COLOR } from '../../components/fulfilment-status';
import { COMMON_LABELS } from '../../components/labels';
import { keyColumn, statusColumn, timeColumn, type ListColumn } from '../../components/list/columns';
import { ListPage, statusOptionsOf } from '../../components/list/list-page';
import { DateKeywordFilters } from '../../components/list/list-filters';
import listStyles from '../../components/list/list.module.css';
import type { RowAction } from '../../components/list/row-actions';
import { useListData } from '../../components/list/use-list-data';
import { useListQuery } from '../../components/list/use-list-query';
import { call } from '../../lib/http';
import { useStoreCode } from '../../stores/use-store-code';
import { AddCheckDialog } from './add-check-dialog';
import { cancelCheckKeys, DECIDE_PERMISSION } from './cancel-check-keys';
import {
  CANCEL_CHECK_PAGE_SIZES,
  KEYWORD_MAX,
  cancelCheckFiltersOf,
  cancelCheckUrlShape,
} from './cancel-check-query';
import { CANCEL_CHECK_STATE_COLOR } from './cancel-check-state';
import { CheckDrawer } from './check-drawer';
import { DecideDialog, type Decision } from './decide-dialog';
import { CANCEL_CHECK_LABELS } from './labels';

const L = CANCEL_CHECK_LABELS;
const F = L.fields;

const STATE_OPTIONS = statusOptionsOf(CANCEL_CHECK_STATES, CANCEL_CHECK_STATE_TEXT);

function columnsOf(hrefOf: (row: CancelCheckRow) => string): ListColumn<CancelCheckRow>[] {
  return [
    keyColumn('checkNo', F.checkNo, hrefOf),
    {
      key: 'performanceOrderNo',
      title: F.performanceOrderNo,
      width: 200,
      render: (_, row) => (
        <>
          {row.performanceOrderNo}
          <div className={listStyles.sub}>{row.omsOrderNo}</div>
        </>
      ),
    },
    statusColumn('orderStatus', F.orderStatus, FULFILMENT_STATUS_TEXT, FULFILMENT_STATUS_COLOR, {
      hiddenByDefault: true,
    }),
    { key: 'reason', title: F.reason, dataIndex: 'reason', ellipsis: true },
    statusColumn('state', F.state, CANCEL_CHECK_STATE_TEXT, CANCEL_CHECK_STATE_COLOR, { width: 110 }),
    { key: 'requestedByName', title: F.requestedBy, dataIndex: 'requestedByName', width: 100 },
    timeColumn('createdAt', F.createdAt),
    { key: 'decidedByName', title: F.decidedBy, dataIndex: 'decidedByName', hiddenByDefault: true },
    timeColumn('decidedAt', F.decidedAt, { hiddenByDefault: true }),
  ];
}

/** 取消核查: the store's cancel checks by state, 新增核查 when allowed, a drawer per check (its id in the URL). */
export function CancelCheckHelpPage() {
  const listQuery = useListQuery(cancelCheckUrlShape);
  const { query, setQuery, hrefOf } = listQuery;
  const storeCode = useStoreCode();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [decision, setDecision] = useState<Decision | null>(null);
  const auth = useQuery({
    queryKey: cancelCheckKeys.auth(storeCode),
    queryFn: ({ signal }) => call(cancelCheckEndpoints.queryShopAuth, { storeCode }, { signal }),
    enabled: Boolean(storeCode),
  });
  const list = useListData({
    key: cancelCheckKeys.page(storeCode),
    endpoint: cancelCheckEndpoints.pageQuery,
    request: { ...cancelCheckFiltersOf(storeCode, query), pageNum: query.pageNum, pageSize: query.pageSize },
    enabled: Boolean(storeCode),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: cancelCheckKeys.all });
  const decide = (state: Decision['state']): RowAction<CancelCheckRow> => ({
    key: state === 'approved' ? 'approve' : 'reject',
    label: state === 'approved' ? L.decide.approve : L.decide.reject,
    danger: state === 'approved',
    permission: DECIDE_PERMISSION,
    allowed: (row) => row.state === 'pending',
    // The dialog is the confirmation: it spells out what the decision does.
    onClick: (row) => setDecision({ state, id: row.id }),
  });

  if (!storeCode) return <Alert type="info" showIcon title={COMMON_LABELS.noStore} />;

  return (
    <>
      <ListPage
        title={L.title}
        name="check"
        testId="cancel-checks-page"
        list={list}
        paging={listQuery}
        columns={columnsOf((row) => hrefOf({ id: row.id }))}
        rowKey="id"
        pageSizes={CANCEL_CHECK_PAGE_SIZES}
        empty={{ description: L.list.empty }}
        toolbar={
          auth.data?.canAdd ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="add-check"
              onClick={() => setAdding(true)}
            >
              {L.add.open}
            </Button>
          ) : null
        }
        statusFilter={{
          value: query.state,
          options: STATE_OPTIONS,
          onChange: (state) => setQuery({ state }),
        }}
        filters={
          <DateKeywordFilters
            listQuery={listQuery}
            name="check"
            datePlaceholder={L.list.datePlaceholder}
            keywordPlaceholder={L.list.keywordPlaceholder}
            keywordMax={KEYWORD_MAX}
          />
        }
        rowActions={[decide('approved'), decide('rejected')]}
      />
      <CheckDrawer
        storeCode={storeCode}
        checkId={query.id}
        onClose={() => setQuery({ id: undefined })}
        onDecide={setDecision}
      />
      <DecideDialog
        decision={decision}
        storeCode={storeCode}
        onClose={() => setDecision(null)}
        onDone={refresh}
      />
      <AddCheckDialog
        open={adding}
        storeCode={storeCode}
        onClose={() => setAdding(false)}
        onAdded={(id) => {
          refresh();
          setQuery({ state: 'all', id });
        }}
      />
    </>
  );
}
