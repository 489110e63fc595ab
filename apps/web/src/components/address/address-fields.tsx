import { MOBILE_PATTERN } from '@console/contract';
import { Cascader, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { ADDRESS_LABELS as L } from '../labels';
import { areaPathDisplay, type AreaOption } from './area-options';
import type { useAreaOptions } from './use-area-options';

/** What the fields hold; `region` is the [province, city, county] codes of the cascader. */
export type AddressValues = { receiverName: string; receiverPhone: string; region: string[]; detail: string };

type Props = {
  /** The cascader's options (`useAreaOptions`). */
  areas: ReturnType<typeof useAreaOptions>;
  /** Test ids `${testIdPrefix}-receiver`, `-phone`, `-region` (and the detail control's own). */
  testIdPrefix: string;
  /** The cascader's placeholder before a region is chosen (e.g. the order's current region name). */
  regionPlaceholder?: string;
  /** The street-address control: a plain input, or one that suggests known places. */
  detail: ReactNode;
};

/**
 * The fields of an address inside a form: receiver, phone, region (cnArea cascader, one level per call) and the
 * street address, each checked with the same messages wherever an address is entered.
 */
export function AddressFields({ areas, testIdPrefix, regionPlaceholder, detail }: Props) {
  return (
    <>
      <Form.Item
        name="receiverName"
        label={L.receiver}
        rules={[{ required: true, whitespace: true, message: L.receiverRequired }]}
      >
        <Input maxLength={64} data-testid={`${testIdPrefix}-receiver`} />
      </Form.Item>
      <MobileField
        name="receiverPhone"
        label={L.phone}
        required={L.phoneRequired}
        testId={`${testIdPrefix}-phone`}
      />
      <Form.Item
        name="region"
        label={L.region}
        rules={[{ required: true, type: 'array', len: 3, message: L.regionRequired }]}
      >
        <Cascader<AreaOption>
          data-testid={`${testIdPrefix}-region`}
          options={areas.options}
          displayRender={areaPathDisplay}
          loadData={(selected) => void areas.loadData(selected)}
          placeholder={regionPlaceholder || L.regionPlaceholder}
        />
      </Form.Item>
      <Form.Item
        name="detail"
        label={L.detail}
        rules={[{ required: true, whitespace: true, message: L.detailRequired }]}
      >
        {detail}
      </Form.Item>
    </>
  );
}

/** A mainland mobile number of a form (a receiver's, a deliverer's): required, checked as the server does. */
export function MobileField({
  name,
  label,
  required,
  placeholder,
  testId,
}: {
  name: string;
  label: string;
  /** The message when it is missing. */
  required: string;
  placeholder?: string;
  testId: string;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, message: required },
        { pattern: MOBILE_PATTERN, message: L.phoneInvalid },
      ]}
    >
      <Input maxLength={11} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}

/** The trimmed receiver and street address, and the region's codes, of the form's values. */
export function addressOfValues(values: AddressValues) {
  const [provinceCode = '', cityCode = '', countyCode = ''] = values.region;
  return {
    receiverName: values.receiverName.trim(),
    receiverPhone: values.receiverPhone.trim(),
    provinceCode,
    cityCode,
    countyCode,
    detail: values.detail.trim(),
  };
}
