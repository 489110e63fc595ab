import { DatePicker, Empty, Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';
import { OrderActionDialog } from './order-action-dialog';

const L = ORDER_LABELS.cyclePlan;
const DAY = 'YYYY-MM-DD';

type CycleValues = { dates: Record<string, Dayjs | null> };

/** 修改周期计划: new dates for the uEnjoy deliveries not shipped yet; only changed periods are sent. */
export function CyclePlanDialog(props: OrderDialogProps) {
  const { order } = props;
  const pending = order.cyclePlans.filter((plan) => plan.status === 'pending');
  const today = dayjs().startOf('day');

  return (
    <OrderActionDialog
      action="modifyCyclePlan"
      dialog={props}
      testId="cycle-plan-dialog"
      initialValues={{
        dates: Object.fromEntries(pending.map((plan) => [String(plan.period), dayjs(plan.plannedDate)])),
      }}
      fieldsOf={(values: CycleValues) => ({
        periods: pending.map((plan) => ({
          period: plan.period,
          plannedDate: values.dates[String(plan.period)]?.format(DAY) ?? plan.plannedDate,
        })),
      })}
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
    </OrderActionDialog>
  );
}
