import type { MemberAddress } from '@console/contract';
import { AutoComplete, Checkbox, Form } from 'antd';
import { useRef, useState } from 'react';
import { AddressFields, addressOfValues, type AddressValues } from '../../components/address/address-fields';
import { areaPathOf } from '../../components/address/area-options';
import { useAreaOptions } from '../../components/address/use-area-options';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { VALET_LABELS } from './labels';
import { valetApi, type PlaceSuggestion } from './valet-api';

const L = VALET_LABELS.address;

type Values = AddressValues & { isDefault?: boolean };
type Props = { storeCode: string; memberId: string; onClose(): void; onAdded(address: MemberAddress): void };

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
        const { receiverName, receiverPhone, countyCode, detail } = addressOfValues(values);
        const place = picked.current && picked.current.detail === detail ? picked.current : null;
        const added = await valetApi.addAddress({
          storeCode,
          memberId,
          receiverName,
          receiverPhone,
          countyCode,
          detail,
          latitude: place?.latitude ?? 0,
          longitude: place?.longitude ?? 0,
          isDefault: values.isDefault === true,
        });
        onAdded(added);
      }}
    >
      {(form) => (
        <>
          <AddressFields
            areas={areas}
            testIdPrefix="new-address"
            detail={
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
            }
          />
          <Form.Item name="isDefault" valuePropName="checked">
            <Checkbox>{L.setDefault}</Checkbox>
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
