import { employeePurchaseEndpoints as api, type PurchaseDraft } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { ScanInput } from '../../components/form-dialog/scan-input';
import { formatYuan } from '../../lib/format/display';
import { call } from '../../lib/http';
import { employeePurchaseKeys } from './employee-purchase-query';
import { EMPLOYEE_PURCHASE_LABELS } from './labels';

const L = EMPLOYEE_PURCHASE_LABELS.buy;

function QuotaLine({ draft }: { draft: PurchaseDraft }) {
  const { quota } = draft;
  if (!quota) return <Alert type="warning" showIcon title={L.noQuota} />;
  return (
    <Typography.Text type="secondary" data-testid="purchase-quota">
      {L.quota(quota.usedItems, quota.maxItems, formatYuan(quota.usedCents), formatYuan(quota.maxCents))}
    </Typography.Text>
  );
}

/**
 * 新增内购: the signed-in employee scans codes (or types one and presses Enter) into their draft, which the
 * server keeps (a closed dialog keeps it too); 提交内购 places it.
 */
export function PurchaseDialog(props: {
  open: boolean;
  storeCode: string;
  onClose(): void;
  onPlaced(): void;
}) {
  const { open, storeCode, onClose, onPlaced } = props;
  const loaded = useQuery({
    queryKey: employeePurchaseKeys.draft(storeCode),
    queryFn: ({ signal }) => call(api.draft, { storeCode }, { signal }),
    enabled: open && Boolean(storeCode),
  });
  const [changed, setChanged] = useState<PurchaseDraft | null>(null);
  const draft = changed ?? loaded.data;
  const silent = { flags: { silent: true } } as const;

  return (
    <FormDialog<Record<string, never>>
      open={open}
      title={L.title}
      okText={L.ok}
      testId="purchase-buy"
      onClose={() => {
        setChanged(null);
        onClose();
      }}
      check={() => (draft?.itemCount ? null : L.emptyDraft)}
      submit={() => call(api.add, { storeCode }, silent)}
      doneText={L.done}
      onDone={onPlaced}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <ScanInput
          placeholder={L.scan}
          testId="purchase-scan"
          onScan={async (epc) => setChanged(await call(api.checkSku, { storeCode, epc }, silent))}
        />
        {draft ? <QuotaLine draft={draft} /> : null}
        <List
          size="small"
          bordered
          data-testid="purchase-lines"
          locale={{ emptyText: L.empty }}
          dataSource={draft?.lines ?? []}
          rowKey="epc"
          renderItem={(line) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  type="link"
                  size="small"
                  onClick={async () =>
                    setChanged(await call(api.deleteDraftEpc, { storeCode, epc: line.epc }, silent))
                  }
                >
                  {L.remove}
                </Button>,
              ]}
            >
              <List.Item.Meta title={`${line.name} ${line.spec}`} description={line.epc} />
              {formatYuan(line.staffCents)}
            </List.Item>
          )}
        />
        {draft?.combinations.map((set) => (
          <Typography.Text key={set.code} type="success" data-testid="purchase-combination">
            {L.combination(set.name, set.count, formatYuan(set.savedCents))}
          </Typography.Text>
        ))}
        {draft ? (
          <Typography.Text strong data-testid="purchase-total">
            {L.total(draft.itemCount, formatYuan(draft.totalCents))}
          </Typography.Text>
        ) : null}
      </Space>
    </FormDialog>
  );
}
