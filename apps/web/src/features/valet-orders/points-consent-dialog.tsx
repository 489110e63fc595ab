import { memberCodeSchema, type ValetActionResult, type ValetKind } from '@console/contract';
import { Alert } from 'antd';
import { useRef } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { MemberCodeField, memberCodeServerField } from '../../components/form-dialog/member-code-field';
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
      serverField={memberCodeServerField}
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
            <MemberCodeField
              form={form}
              send={() => valetApi.sendRedeemCode(storeCode, order.valetOrderNo)}
              requiredMessage={L.codeRequired}
              testId="points-consent"
            />
          </>
        ) : null
      }
    </FormDialog>
  );
}
