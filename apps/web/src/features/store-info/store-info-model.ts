import {
  isStorePhone,
  type AreaNode,
  type ContactOption,
  type StoreDetail,
  type StoreInfoSaveBody,
} from '@console/contract';
import type { Rule } from 'antd/es/form';
import { STORE_INFO_LABELS } from './labels';

/** What the store-info form edits. `region` is the cascader's [province, city, county] codes. */
export type StoreInfoFormValues = {
  shopName: string;
  shopCode: string;
  region: string[];
  shopDetailAddress: string;
  latitude: number;
  longitude: number;
  shopPhone: string;
  contactsId: number | null;
  contactsPhone: string;
};

/** Spec 5: a latitude or longitude of 0 (or none) counts as no location. */
export function hasLocation(latitude: number | null | undefined, longitude: number | null | undefined) {
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    latitude !== 0 &&
    longitude !== 0
  );
}

/** "39.908700, 116.460500" */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

/** Six decimals (about 0.1 m) is all a store location needs; a map click gives many more. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The [province, city, county] path to `countyCode` in the area tree, or null when the tree lacks it. */
export function regionPathOf(tree: readonly AreaNode[], countyCode: string): string[] | null {
  if (!countyCode) return null;
  for (const province of tree) {
    for (const city of province.children ?? []) {
      if ((city.children ?? []).some((county) => county.id === countyCode))
        return [province.id, city.id, countyCode];
    }
  }
  return null;
}

/** The names along a region path, or null when the path is not one branch of the tree. */
export function regionNamesOf(
  tree: readonly AreaNode[],
  path: readonly string[],
): { province: string; city: string; county: string } | null {
  const [provinceId, cityId, countyId] = path;
  const province = tree.find((node) => node.id === provinceId);
  const city = province?.children?.find((node) => node.id === cityId);
  const county = city?.children?.find((node) => node.id === countyId);
  return province && city && county
    ? { province: province.name, city: city.name, county: county.name }
    : null;
}

/**
 * The form's starting values. A saved contact who is no longer among the store's staff is left unpicked: the
 * server accepts only current staff, so the user chooses again.
 */
export function formValuesOf(
  detail: StoreDetail,
  tree: readonly AreaNode[],
  staff: readonly ContactOption[],
): StoreInfoFormValues {
  return {
    shopName: detail.shopName,
    shopCode: detail.shopCode,
    region: regionPathOf(tree, detail.shopCountyCode) ?? [],
    shopDetailAddress: detail.shopDetailAddress,
    latitude: detail.latitude,
    longitude: detail.longitude,
    shopPhone: detail.shopPhone,
    contactsId: staff.some((person) => person.userId === detail.contactsId) ? detail.contactsId : null,
    contactsPhone: detail.contactsPhone,
  };
}

export function saveBodyOf(
  values: StoreInfoFormValues,
  detail: StoreDetail,
  tree: readonly AreaNode[],
  contacts: readonly ContactOption[],
): StoreInfoSaveBody {
  const names = regionNamesOf(tree, values.region);
  const [provinceCode = '', cityCode = '', countyCode = ''] = values.region;
  const contact = contacts.find((person) => person.userId === values.contactsId);
  return {
    id: detail.id,
    shopCode: detail.shopCode,
    shopName: values.shopName.trim(),
    shopPhone: values.shopPhone.trim(),
    shopProvinceCode: provinceCode,
    shopCityCode: cityCode,
    shopCountyCode: countyCode,
    shopProvinceName: names?.province ?? '',
    shopCityName: names?.city ?? '',
    shopCountyName: names?.county ?? '',
    shopDetailAddress: values.shopDetailAddress.trim(),
    latitude: values.latitude,
    longitude: values.longitude,
    contactsId: contact ? contact.userId : null,
    contactsName: contact?.name ?? '',
    contactsPhone: (values.contactsPhone ?? '').trim(),
  };
}

const { rules } = STORE_INFO_LABELS;

/** Form rules of spec 5, in the words of zh-text.md; the server checks the same (storeInfoSaveBodySchema). */
export const STORE_INFO_RULES = {
  shopName: [{ required: true, whitespace: true, message: rules.shopName }],
  shopPhone: [
    { required: true, whitespace: true, message: rules.shopPhone },
    {
      validator: async (_rule, value: unknown) => {
        const text = typeof value === 'string' ? value.trim() : '';
        if (text !== '' && !isStorePhone(text)) throw new Error(rules.phoneFormat);
      },
    },
  ],
  region: [{ required: true, type: 'array', len: 3, message: rules.region }],
  shopDetailAddress: [{ required: true, whitespace: true, message: rules.detailAddress }],
  contactsPhone: [
    {
      validator: async (_rule, value: unknown) => {
        const text = typeof value === 'string' ? value.trim() : '';
        if (text !== '' && !isStorePhone(text)) throw new Error(rules.contactPhoneFormat);
      },
    },
  ],
} satisfies Record<string, Rule[]>;
