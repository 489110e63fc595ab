import { COUPON_KIND_TEXT, COUPON_KINDS, couponEndpoints, type CouponKind } from '@console/contract';
import { DatePicker, Form, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { IntegerField, TextField, YuanField } from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import { COUPON_LABELS } from './labels';

const L = COUPON_LABELS.template;

type Values = {
  name: string;
  kind: CouponKind;
  value: number | null;
  threshold: number | null;
  discountRate: number | null;
  maxDiscount: number | null;
  points: number;
  window: [Dayjs, Dayjs];
  validDays: number;
  stock: number;
  perMemberLimit: number;
};

const cents = (yuan: number | null | undefined) => Math.round((yuan ?? 0) * 100);

/** 新增优惠券 (head office): what it is worth, its points price, window, stock and limit; the server checks it all. */
export function CouponFormDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose(): void;
  onDone(): void;
}) {
  return (
    <FormDialog<Values>
      open={open}
      title={L.title}
      doneText={L.done}
      testId="coupon-form"
      onClose={onClose}
      onDone={onDone}
      initialValues={{
        kind: 'cash',
        threshold: 0,
        points: 500,
        window: [dayjs(), dayjs().add(30, 'day')],
        validDays: 30,
        stock: 100,
        perMemberLimit: 1,
      }}
      submit={async (v) => {
        await call(
          couponEndpoints.templateSave,
          {
            name: v.name.trim(),
            kind: v.kind,
            valueCents: cents(v.value),
            thresholdCents: cents(v.threshold),
            discountRate: v.discountRate ?? 0,
            maxDiscountCents: cents(v.maxDiscount),
            points: v.points,
            exchangeFrom: v.window[0].format('YYYY-MM-DD'),
            exchangeTo: v.window[1].format('YYYY-MM-DD'),
            validDays: v.validDays,
            stock: v.stock,
            perMemberLimit: v.perMemberLimit,
          },
          { flags: { silent: true } },
        );
      }}
    >
      <TextField name="name" label={L.name} required={L.nameRequired} max={64} testId="coupon-form-name" />
      <Form.Item name="kind" label={L.kind}>
        <Radio.Group
          options={COUPON_KINDS.map((k) => ({ value: k, label: COUPON_KIND_TEXT[k] }))}
          data-testid="coupon-form-kind"
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['kind']}>
        {({ getFieldValue }) =>
          getFieldValue('kind') === 'cash' ? (
            <YuanField name="value" label={L.value} min={0.01} max={10000} testId="coupon-form-value" />
          ) : (
            <>
              <IntegerField name="discountRate" label={L.discountRate} min={1} max={99} />
              <YuanField name="maxDiscount" label={L.maxDiscount} min={0} max={10000} />
            </>
          )
        }
      </Form.Item>
      <YuanField name="threshold" label={L.threshold} min={0} max={10000} testId="coupon-form-threshold" />
      <IntegerField name="points" label={L.points} min={0} max={100000} testId="coupon-form-points" />
      <Form.Item name="window" label={L.window}>
        <DatePicker.RangePicker style={{ width: '100%' }} allowClear={false} />
      </Form.Item>
      <IntegerField name="validDays" label={L.validDays} min={1} max={365} />
      <IntegerField name="stock" label={L.stock} min={1} max={1000000} testId="coupon-form-stock" />
      <IntegerField name="perMemberLimit" label={L.perMemberLimit} min={1} max={99} />
    </FormDialog>
  );
}
