import { MOBILE_PATTERN, type MemberAddress } from '@console/contract';
import { AutoComplete, Cascader, Checkbox, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { areaPathOf, type AreaOption } from '../../components/address/area-options';
import { useAreaOptions } from '../../components/address/use-area-options';
import { VALET_LABELS } from './labels';
import { valetApi, type PlaceSuggestion } from './valet-api';

const L = VALET_LABELS.address;

type Values = {
  receiverName: string;
  receiverPhone: string;
  region: string[];
  detail: string;
  isDefault?: boolean;
};
type Props = { storeCode: string; memberId: number; onClose(): void; onAdded(address: MemberAddress): void };

/**
 * 新增收货地址: region from the area cascader, street address typed or picked from the places the console
 * knows (which brings the location, needed for store delivery). A typed address is saved without a location.
 */
export function AddressAddDialog({ storeCode, memberId, onClose, onAdded }: Props) {
  const [countyCode, setCountyCode] = useState('');
  const areas = useAreaOptions(true, countyCode);
  const [places, setPlaces] = useState<PlaceSuggestion[]>([]);
  const picked = useRef<PlaceSuggestion | null>(null);

  const search = async (keywords: string) => {
    const text = keywords.trim();
    if (text.length < 2) return setPlaces([]);
    setPlaces(await valetApi.places(storeCode, text.slice(0, 32)).catch(() => []));
  };

  return (
    <FormDialog<Values>
      open
      title={L.addTitle}
      doneText={L.added}
      testId="address-add-dialog"
      onClose={onClose}
      onDone={() => undefined}
      submit={async (values) => {
        const place =
          picked.current && picked.current.detail === values.detail.trim() ? picked.current : null;
        const added = await valetApi.addAddress({
          storeCode,
          memberId,
          receiverName: values.receiverName.trim(),
          receiverPhone: values.receiverPhone.trim(),
          countyCode: values.region[2] ?? '',
          detail: values.detail.trim(),
          latitude: place?.latitude ?? 0,
          longitude: place?.longitude ?? 0,
          isDefault: values.isDefault === true,
        });
        onAdded(added);
      }}
    >
      {(form) => (
        <>
          <Form.Item
            name="receiverName"
            label={L.receiver}
            rules={[{ required: true, whitespace: true, message: L.receiverRequired }]}
          >
            <Input maxLength={64} data-testid="new-address-receiver" />
          </Form.Item>
          <Form.Item
            name="receiverPhone"
            label={L.phone}
            rules={[
              { required: true, message: L.phoneRequired },
              { pattern: MOBILE_PATTERN, message: L.phoneInvalid },
            ]}
          >
            <Input maxLength={11} data-testid="new-address-phone" />
          </Form.Item>
          <Form.Item
            name="region"
            label={L.region}
            rules={[{ required: true, type: 'array', len: 3, message: L.regionRequired }]}
          >
            <Cascader<AreaOption>
              data-testid="new-address-region"
              options={areas.options}
              loadData={(selected) => void areas.loadData(selected)}
              placeholder={L.regionPlaceholder}
            />
          </Form.Item>
          <Form.Item
            name="detail"
            label={L.detail}
            rules={[{ required: true, whitespace: true, message: L.detailRequired }]}
          >
            <AutoComplete
              data-testid="new-address-detail"
              maxLength={255}
              placeholder={L.detailPlaceholder}
              onSearch={(text) => void search(text)}
              options={places.map((place, index) => ({
                value: `${index}`,
                label: `${place.regionName} ${place.detail}`,
              }))}
              onSelect={(value: string) => {
                const place = places[Number(value)];
                if (!place) return;
                picked.current = place;
                const path = areaPathOf(place.countyCode);
                setCountyCode(place.countyCode);
                form.setFieldsValue({ detail: place.detail, ...(path ? { region: path } : {}) });
              }}
            />
          </Form.Item>
          <Form.Item name="isDefault" valuePropName="checked">
            <Checkbox>{L.setDefault}</Checkbox>
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
