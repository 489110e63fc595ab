import {
  MANUAL_EVENT_TYPES,
  MARKETING_EVENT_TYPE_COLOR,
  MARKETING_EVENT_TYPE_TEXT,
  calendarAddBodySchema,
  marketingCalendarEndpoints,
  storeAdminEndpoints,
  type ManualEventType,
} from '@console/contract';
import { Checkbox, ColorPicker, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { RemoteSelect } from '../../components/remote-select';
import { call } from '../../lib/http';
import { CALENDAR_LABELS } from './labels';

const L = CALENDAR_LABELS.add;

type Values = {
  title: string;
  type: ManualEventType;
  days?: [Dayjs, Dayjs];
  color: string | { toHexString(): string };
  allStores: boolean;
  storeIds: number[];
  remark?: string;
};

const storeChoices = {
  queryKey: ['marketing-calendar', 'stores'] as const,
  fetchPage: (keyword: string | null, pageNum: number, signal: AbortSignal) =>
    call(storeAdminEndpoints.page, { keyword, pageNum, pageSize: 50 }, { signal }),
  optionOf: (store: { id: number; shopName: string; shopCode: string }) => ({
    value: store.id,
    label: `${store.shopName}（${store.shopCode}）`,
  }),
};

const colorOf = (color: Values['color']) => (typeof color === 'string' ? color : color.toHexString());

/** 新增营销活动 (head office): name, type, days, colour, and all stores or the chosen ones. */
export function AddEventDialog({
  open,
  defaultDay,
  onClose,
  onAdded,
}: {
  open: boolean;
  defaultDay: Dayjs;
  onClose(): void;
  onAdded(): void;
}) {
  const toInput = (values: Values) => ({
    title: values.title,
    type: values.type,
    startDate: values.days?.[0]?.format('YYYY-MM-DD'),
    endDate: values.days?.[1]?.format('YYYY-MM-DD'),
    color: colorOf(values.color),
    allStores: values.allStores,
    storeIds: values.allStores ? [] : (values.storeIds ?? []),
    remark: values.remark ?? '',
  });
  return (
    <FormDialog<Values>
      open={open}
      title={L.title}
      testId="calendar-add"
      onClose={onClose}
      schema={calendarAddBodySchema}
      toInput={toInput}
      submit={(values) =>
        call(marketingCalendarEndpoints.add, calendarAddBodySchema.parse(toInput(values)), {
          flags: { silent: true },
        })
      }
      doneText={L.done}
      onDone={onAdded}
      initialValues={{
        type: 'promotion',
        color: MARKETING_EVENT_TYPE_COLOR.promotion,
        allStores: false,
        storeIds: [],
        days: [defaultDay, defaultDay],
      }}
    >
      {(form) => (
        <>
          <Form.Item name="title" label={L.name} required>
            <Input maxLength={40} placeholder={L.namePlaceholder} data-testid="calendar-add-title" />
          </Form.Item>
          <Form.Item name="type" label={L.type} required>
            <Select
              options={MANUAL_EVENT_TYPES.map((t) => ({ value: t, label: MARKETING_EVENT_TYPE_TEXT[t] }))}
              onChange={(type: ManualEventType) =>
                form.setFieldValue('color', MARKETING_EVENT_TYPE_COLOR[type])
              }
            />
          </Form.Item>
          <Form.Item name="days" label={L.days} required>
            <DatePicker.RangePicker style={{ width: '100%' }} data-testid="calendar-add-days" />
          </Form.Item>
          <Form.Item name="color" label={L.color} required>
            <ColorPicker disabledAlpha />
          </Form.Item>
          <Form.Item name="allStores" valuePropName="checked">
            <Checkbox data-testid="calendar-add-all">{L.allStores}</Checkbox>
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.allStores !== b.allStores}>
            {() =>
              form.getFieldValue('allStores') ? null : (
                <Form.Item name="storeIds" label={L.stores} required>
                  <RemoteSelect
                    {...storeChoices}
                    mode="multiple"
                    placeholder={L.storesPlaceholder}
                    testId="calendar-add-stores"
                  />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item name="remark" label={L.remark}>
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
