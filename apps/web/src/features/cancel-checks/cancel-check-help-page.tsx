import { PlusOutlined } from '@ant-design/icons';
import {
  CANCEL_CHECK_STATE_TEXT,
  FULFILMENT_STATUS_TEXT,
  cancelCheckEndpoints,
  type CancelCheckRow,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { FULFILMENT_STATUS_COLOR } from '../../components/fulfilment-status';
import { column, type ListColumn } from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { DateKeywordFilters } from '../../components/list/list-filters';
import listStyles from '../../components/list/list.module.css';
import type { RowAction } from '../../components/list/row-actions';
import { useStoreList } from '../../components/list/use-store-list';
import { call } from '../../lib/http';
import { AddCheckDialog } from './add-check-dialog';
import { cancelCheckKeys, DECIDE_PERMISSION } from './cancel-check-keys';
import { cancelCheckFiltersOf, cancelCheckUrlShape } from './cancel-check-query';
import { CANCEL_CHECK_STATE_COLOR, CANCEL_CHECK_STATE_OPTIONS } from './cancel-check-state';
import { CheckDrawer } from './check-drawer';
import { DecideDialog, type Decision } from './decide-dialog';
import { CANCEL_CHECK_LABELS } from './labels';
import { useRefresh } from '../../lib/use-refresh';

const L = CANCEL_CHECK_LABELS;
const F = L.fields;

function columnsOf(hrefOf: (row: CancelCheckRow) => string): ListColumn<CancelCheckRow>[] {
  return [
    column.key('checkNo', F.checkNo, hrefOf),
    {
      key: 'omsOrderNo',
      title: F.omsOrderNo,
      width: 200,
      render: (_, row) => (
        <>
          {row.omsOrderNo}
          <div className={listStyles.sub}>
            {F.performanceOrderNo} {row.performanceOrderNo}
          </div>
        </>
      ),
    },
    column.status('orderStatus', F.orderStatus, FULFILMENT_STATUS_TEXT, FULFILMENT_STATUS_COLOR, {
      hiddenByDefault: true,
    }),
    column.remark('reason', F.reason),
    column.status('state', F.state, CANCEL_CHECK_STATE_TEXT, CANCEL_CHECK_STATE_COLOR, { width: 110 }),
    column.person('requestedByName', F.requestedBy),
    column.time('createdAt', F.createdAt),
    column.person('decidedByName', F.decidedBy, { hiddenByDefault: true }),
    column.time('decidedAt', F.decidedAt, { hiddenByDefault: true }),
  ];
}

/** 取消核查: the store's cancel checks by state, 新增核查 when allowed, a drawer per check (its id in the URL). */
export function CancelCheckHelpPage() {
  const { storeCode, listQuery, list } = useStoreList(cancelCheckUrlShape, {
    key: cancelCheckKeys.page,
    endpoint: () => cancelCheckEndpoints.pageQuery,
    filters: cancelCheckFiltersOf,
  });
  const { query, setQuery, hrefOf } = listQuery;
  const [adding, setAdding] = useState(false);
  const [decision, setDecision] = useState<Decision | null>(null);
  const auth = useQuery({
    queryKey: cancelCheckKeys.auth(storeCode),
    queryFn: ({ signal }) => call(cancelCheckEndpoints.queryShopAuth, { storeCode }, { signal }),
    enabled: Boolean(storeCode),
  });
  const refresh = useRefresh(cancelCheckKeys.all);
  const decide = (state: Decision['state']): RowAction<CancelCheckRow> => ({
    key: state === 'approved' ? 'approve' : 'reject',
    label: state === 'approved' ? L.decide.approve : L.decide.reject,
    danger: state === 'approved',
    permission: DECIDE_PERMISSION,
    allowed: (row) => row.state === 'pending',
    // The dialog is the confirmation: it spells out what the decision does.
    onClick: (row) => setDecision({ state, id: row.id }),
  });

  return (
    <>
      <ListPage
        title={L.title}
        name="check"
        testId="cancel-checks-page"
        list={list}
        columns={columnsOf((row) => hrefOf({ id: row.id }))}
        rowKey="id"
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
          options: CANCEL_CHECK_STATE_OPTIONS,
          onChange: (state) => setQuery({ state }),
        }}
        filters={<DateKeywordFilters listQuery={listQuery} name="check" labels={L.list} />}
        rowActions={[decide('approved'), decide('rejected')]}
      />
      <CheckDrawer
        storeCode={storeCode}
        checkId={storeCode ? query.id : undefined}
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
