import { storeAdminEndpoints, type StoreAdminRow } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Spin, Table } from 'antd';
import { FormAlert } from '../../components/form-dialog/form-fields';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { formatDate } from '../../lib/format/date';
import { call } from '../../lib/http';
import { STORES_ADMIN_LABELS } from './labels';
import { storesAdminKeys } from './stores-admin-keys';

const L = STORES_ADMIN_LABELS.closeDialog;

type Props = { store: StoreAdminRow | null; onClose(): void; onClosed(): void };

/**
 * 停业: the store's open orders and valet orders first (closing ends none of them), and a box to tick that
 * they were seen; the server refuses the close without it while any is open.
 */
export function CloseStoreDialog({ store, onClose, onClosed }: Props) {
  const work = useQuery({
    queryKey: storesAdminKeys.openWork(store?.id ?? 0),
    queryFn: ({ signal }) => call(storeAdminEndpoints.openWork, { id: store!.id }, { signal }),
    enabled: store !== null,
    staleTime: 0,
  });
  const total = work.data ? work.data.orderCount + work.data.valetOrderCount : 0;
  return (
    <FormDialog<{ seen: boolean }>
      open={store !== null}
      title={L.title(store?.shopName ?? '')}
      okText={L.ok}
      danger
      doneText={STORES_ADMIN_LABELS.closed}
      testId="store-close"
      onClose={onClose}
      onDone={onClosed}
      check={() => (work.data ? null : L.loading)}
      submit={async () => {
        await call(
          storeAdminEndpoints.editStatus,
          { id: store!.id, status: 'closed', confirmOpenWork: total > 0 ? 'true' : 'false' },
          { flags: { silent: true } },
        );
      }}
    >
      {!work.data ? (
        <Spin description={L.loading} />
      ) : total === 0 ? (
        <FormAlert type="info" title={L.none} />
      ) : (
        <>
          <FormAlert
            type="warning"
            title={L.open(work.data.orderCount, work.data.valetOrderCount)}
            description={total > work.data.items.length ? L.more(work.data.items.length, total) : undefined}
            testId="store-close-open-work"
          />
          <Table
            size="small"
            rowKey={(row) => `${row.kind}-${row.no}`}
            pagination={false}
            scroll={{ y: 240 }}
            dataSource={work.data.items}
            data-testid="store-close-items"
            columns={[
              { key: 'kind', title: '', width: 90, render: (_, row) => L.kind[row.kind] },
              { key: 'no', title: L.no, dataIndex: 'no' },
              { key: 'status', title: L.status, dataIndex: 'status', width: 80 },
              { key: 'at', title: L.at, width: 160, render: (_, row) => formatDate(row.at) },
            ]}
          />
          <Form.Item
            name="seen"
            valuePropName="checked"
            rules={[
              {
                validator: (_, seen) =>
                  seen ? Promise.resolve() : Promise.reject(new Error(L.confirmRequired)),
              },
            ]}
          >
            <Checkbox data-testid="store-close-seen">{L.confirm}</Checkbox>
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
