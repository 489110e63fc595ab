import { fulfilmentEndpoints } from '@console/contract';
import { call } from '../../lib/http';
import { DatePicker, Empty, Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import type { OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';
import { ACTION_CALL } from './dialog-props';

const L = ORDER_LABELS.cyclePlan;
const DAY = 'YYYY-MM-DD';

type CycleValues = { dates: Record<string, Dayjs | null> };

/** 修改周期计划: new dates for the uEnjoy deliveries not shipped yet; only changed periods are sent. */
export function CyclePlanDialog({ open, order, storeCode, onClose, onDone }: OrderDialogProps) {
  const pending = order.cyclePlans.filter((plan) => plan.status === 'pending');
  const today = dayjs().startOf('day');

  return (
    <FormDialog<CycleValues>
      open={open}
      title={ORDER_LABELS.actions.modifyCyclePlan}
      doneText={ORDER_LABELS.actions.done.modifyCyclePlan}
      testId="cycle-plan-dialog"
      onClose={onClose}
      onDone={onDone}
      initialValues={{
        dates: Object.fromEntries(pending.map((plan) => [String(plan.period), dayjs(plan.plannedDate)])),
      }}
      submit={(values) =>
        call(
          fulfilmentEndpoints.modifyCyclePlan,
          {
            storeCode,
            performanceOrderNo: order.performanceOrderNo,
            periods: pending.map((plan) => ({
              period: plan.period,
              plannedDate: values.dates[String(plan.period)]?.format(DAY) ?? plan.plannedDate,
            })),
          },
          ACTION_CALL,
        )
      }
    >
      {pending.length === 0 ? (
        <Empty description={L.nothingPending} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{L.hint}</Typography.Paragraph>
          {pending.map((plan) => (
            <Form.Item
              key={plan.period}
              name={['dates', String(plan.period)]}
              label={L.periodLabel(plan.period)}
              rules={[
                { required: true, message: L.dateRequired },
                {
                  validator: (_, value: Dayjs | null) =>
                    value && value.isBefore(today)
                      ? Promise.reject(new Error(L.datePast))
                      : Promise.resolve(),
                },
              ]}
            >
              <DatePicker
                inputReadOnly
                style={{ width: '100%' }}
                disabledDate={(day) => day.isBefore(today)}
                data-testid={`cycle-plan-${plan.period}`}
              />
            </Form.Item>
          ))}
        </>
      )}
    </FormDialog>
  );
}
