import { memberCodeSchema, type ValetActionResult, type ValetKind } from '@console/contract';
import { Alert, Form, Input, Space } from 'antd';
import { useRef } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { SendCodeButton } from '../../components/form-dialog/send-code-button';
import { notify } from '../../lib/notify';
import { VALET_LABELS } from './labels';
import { valetApi } from './valet-api';

const L = VALET_LABELS.consent;

/** A pending valet order that spends points, as the dialog needs it. */
export type PointsOrder = {
  kind: ValetKind;
  valetOrderNo: string;
  points: number;
  memberPhoneMasked: string;
};

type Values = { memberCode: string };
const schema = z.object({ memberCode: memberCodeSchema });

/** Refusals about the code belong under the code; caps and short points show above the form. */
const codeField = (errorCode: string | null | undefined) =>
  errorCode?.startsWith('SMS_CODE') || errorCode === 'MEMBER_CONFIRMATION_REQUIRED' ? 'memberCode' : null;

/**
 * 会员确认积分兑换: points move only with the member's consent (docs/domain/points.md), so confirming a points
 * order texts the member a code naming the store and the points, and the clerk confirms with the code the
 * member reads out. The server's refusal (wrong code, daily cap, short points) shows in the dialog.
 */
export function PointsConsentDialog({
  storeCode,
  order,
  onClose,
  onConfirmed,
}: {
  storeCode: string;
  /** The order to confirm; the dialog is open while there is one. */
  order: PointsOrder | null;
  onClose(): void;
  onConfirmed(result: ValetActionResult): void;
}) {
  // The confirmed order, kept for onDone (which runs in the same render as the submit).
  const result = useRef<ValetActionResult | null>(null);
  return (
    <FormDialog<Values>
      open={order !== null}
      title={L.title}
      okText={L.ok}
      testId="points-consent"
      onClose={onClose}
      schema={schema}
      submit={async ({ memberCode }) => {
        result.current = await valetApi.confirm(order!.kind, storeCode, order!.valetOrderNo, memberCode);
      }}
      doneText={L.done}
      onDone={() => {
        if (result.current) onConfirmed(result.current);
      }}
      serverField={(error) => codeField(error.errorCode)}
      initialValues={{ memberCode: '' }}
    >
      {(form) =>
        order ? (
          <>
            <Alert
              type="info"
              showIcon
              title={L.hint(order.points, order.memberPhoneMasked)}
              style={{ marginBottom: 16 }}
              data-testid="points-consent-hint"
            />
            <Form.Item label={L.code} required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="memberCode" noStyle rules={[{ required: true, message: L.codeRequired }]}>
                  <Input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    placeholder={L.codePlaceholder}
                    data-testid="points-consent-code"
                  />
                </Form.Item>
                <SendCodeButton
                  send={async () => {
                    const sent = await valetApi.sendRedeemCode(storeCode, order.valetOrderNo);
                    notify.success(L.sent(sent.phoneMasked));
                    return sent.resendAfterSeconds;
                  }}
                  onRefused={(error) =>
                    form.setFields([
                      {
                        name: 'memberCode',
                        errors: [error instanceof Error ? error.message : String(error)],
                      },
                    ])
                  }
                  labels={L}
                  testId="points-consent-send"
                />
              </Space.Compact>
            </Form.Item>
          </>
        ) : null
      }
    </FormDialog>
  );
}
