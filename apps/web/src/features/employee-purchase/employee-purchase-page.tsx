import {
  EMPLOYEE_ORDER_COLUMN_TITLES as T,
  EMPLOYEE_ORDER_STATUSES,
  EMPLOYEE_ORDER_STATUS_COLOR,
  EMPLOYEE_ORDER_STATUS_TEXT,
  EMPLOYEE_PURCHASE_PERMISSIONS as P,
  employeePurchaseEndpoints,
  type EmployeeOrderRow,
} from '@console/contract';
import { useState } from 'react';
import { column, type ListColumn } from '../../components/list/columns';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { statusOptionsOf } from '../../components/list/status-options';
import { statusFilterOf } from '../../components/list/use-list-query';
import { useStoreList } from '../../components/list/use-store-list';
import { useRefresh } from '../../lib/use-refresh';
import {
  employeePurchaseFiltersOf,
  employeePurchaseKeys,
  employeePurchaseUrlShape,
} from './employee-purchase-query';
import { EMPLOYEE_PURCHASE_LABELS } from './labels';
import { OrderScanDialog, type OrderScanMode } from './order-scan-dialog';
import { PurchaseDialog } from './purchase-dialog';

const L = EMPLOYEE_PURCHASE_LABELS;
const STATUS_OPTIONS = statusOptionsOf(EMPLOYEE_ORDER_STATUSES, EMPLOYEE_ORDER_STATUS_TEXT);

const COLUMNS: ListColumn<EmployeeOrderRow>[] = [
  column.key('orderNo', T.orderNo, () => null),
  column.person('employeeName', T.employeeName),
  column.text('workCode', T.workCode, { width: 110 }),
  column.count('itemCount', T.itemCount),
  column.money('totalCents', T.totalCents),
  column.status('status', T.status, EMPLOYEE_ORDER_STATUS_TEXT, EMPLOYEE_ORDER_STATUS_COLOR, { width: 100 }),
  column.time('placedAt', T.placedAt),
];

/** 员工内购: the store's orders, 新增内购 (scan codes into a draft), and pick-up verification or cancellation. */
export function EmployeePurchasePage() {
  const { storeCode, listQuery, list } = useStoreList(employeePurchaseUrlShape, {
    key: employeePurchaseKeys.page,
    endpoint: () => employeePurchaseEndpoints.orderList,
    filters: employeePurchaseFiltersOf,
  });
  const [buying, setBuying] = useState(false);
  const [scanning, setScanning] = useState<{ mode: OrderScanMode; order: EmployeeOrderRow } | null>(null);
  const refresh = useRefresh(employeePurchaseKeys.all);
  const scanAction = (mode: OrderScanMode, permission: string) => ({
    key: mode,
    label: L.scanOrder[mode].action,
    permission: [permission],
    danger: mode === 'cancel',
    allowed: (row: EmployeeOrderRow) => row.actions[mode],
    onClick: (order: EmployeeOrderRow) => setScanning({ mode, order }),
  });

  return (
    <>
      <ListPage
        title={L.title}
        name="employee-purchase"
        list={list}
        columns={COLUMNS}
        rowKey="id"
        add={{ label: L.buy.open, permission: [P.add], onClick: () => setBuying(true) }}
        empty={{ description: L.list.empty }}
        statusFilter={statusFilterOf(listQuery, STATUS_OPTIONS)}
        filters={<DateKeywordFilters listQuery={listQuery} name="employee-purchase" labels={L.list} />}
        rowActions={[scanAction('verify', P.verify), scanAction('cancel', P.cancel)]}
      />
      <PurchaseDialog
        open={buying}
        storeCode={storeCode}
        onClose={() => setBuying(false)}
        onPlaced={() => {
          refresh();
          listQuery.setQuery({ status: 'all' });
        }}
      />
      {scanning ? (
        <OrderScanDialog
          key={`${scanning.mode}-${scanning.order.orderNo}`}
          mode={scanning.mode}
          order={scanning.order}
          storeCode={storeCode}
          onClose={() => setScanning(null)}
          onDone={refresh}
        />
      ) : null}
    </>
  );
}
