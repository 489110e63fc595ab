import { describe, expect, it } from 'vitest';
import {
  STORE_INFO_RULES,
  formValuesOf,
  formatCoordinates,
  hasLocation,
  regionNamesOf,
  regionPathOf,
  roundCoordinate,
  saveBodyOf,
} from './store-info-model';
import { AREA_TREE, CONTACTS, DETAIL } from './test-fixtures';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validatorOf = (rules: readonly object[]) =>
  (rules.find((rule) => 'validator' in rule) as { validator: Validator }).validator;

describe('hasLocation', () => {
  it('treats 0 in either coordinate, or none, as no location (spec 5)', () => {
    expect(hasLocation(0, 0)).toBe(false);
    expect(hasLocation(39.9, 0)).toBe(false);
    expect(hasLocation(0, 116.4)).toBe(false);
    expect(hasLocation(null, 116.4)).toBe(false);
    expect(hasLocation(undefined, undefined)).toBe(false);
    expect(hasLocation(Number.NaN, 116.4)).toBe(false);
    expect(hasLocation(39.9, 116.4)).toBe(true);
    expect(hasLocation(-33.86, 151.2)).toBe(true);
  });
});

describe('coordinates', () => {
  it('shows six decimals and rounds map clicks to six', () => {
    expect(formatCoordinates(39.9087, 116.4605)).toBe('39.908700, 116.460500');
    expect(roundCoordinate(39.123456789)).toBe(39.123457);
  });
});

describe('regions', () => {
  it('finds the province/city/county path of a county code', () => {
    expect(regionPathOf(AREA_TREE, '120101')).toEqual(['120000', '120100', '120101']);
    expect(regionPathOf(AREA_TREE, '999999')).toBeNull();
    expect(regionPathOf(AREA_TREE, '')).toBeNull();
  });

  it('names a path only when it is one branch of the tree', () => {
    expect(regionNamesOf(AREA_TREE, ['110000', '110100', '110105'])).toEqual({
      province: '北京市',
      city: '市辖区',
      county: '朝阳区',
    });
    expect(regionNamesOf(AREA_TREE, ['110000', '120100', '120101'])).toBeNull();
  });
});

describe('form values', () => {
  it('starts from the detail, with the region as a cascader path', () => {
    expect(formValuesOf(DETAIL, AREA_TREE, CONTACTS)).toMatchObject({
      shopName: '回龙观店',
      shopCode: 'SD11011401',
      region: ['110000', '110100', '110114'],
      latitude: 40.0703,
      longitude: 116.3364,
      contactsId: null,
    });
  });

  it('keeps a saved contact only while they are among the store staff', () => {
    expect(formValuesOf({ ...DETAIL, contactsId: 7 }, AREA_TREE, CONTACTS).contactsId).toBe(7);
    expect(formValuesOf({ ...DETAIL, contactsId: 99 }, AREA_TREE, CONTACTS).contactsId).toBeNull();
  });

  it('builds the save body with the tree names and the chosen contact', () => {
    const values = {
      ...formValuesOf(DETAIL, AREA_TREE, CONTACTS),
      shopName: ' 回龙观旗舰店 ',
      region: ['120000', '120100', '120101'],
      shopDetailAddress: '滨江道1号',
      contactsId: 8,
      contactsPhone: '010-66778899',
    };
    expect(saveBodyOf(values, DETAIL, AREA_TREE, CONTACTS)).toEqual({
      id: 12,
      shopCode: 'SD11011401',
      shopName: '回龙观旗舰店',
      shopPhone: '010-61234567',
      shopProvinceCode: '120000',
      shopCityCode: '120100',
      shopCountyCode: '120101',
      shopProvinceName: '天津市',
      shopCityName: '市辖区',
      shopCountyName: '和平区',
      shopDetailAddress: '滨江道1号',
      latitude: 40.0703,
      longitude: 116.3364,
      contactsId: 8,
      contactsName: '赵强',
      contactsPhone: '010-66778899',
    });
  });
});

describe('phone rules (spec 5)', () => {
  const shopPhone = validatorOf(STORE_INFO_RULES.shopPhone);
  const contactsPhone = validatorOf(STORE_INFO_RULES.contactsPhone);

  it.each(['010-12345', '0755-12345678901234', '13912345678', '19900000000'])('accepts %s', async (phone) => {
    await expect(shopPhone({}, phone)).resolves.toBeUndefined();
  });

  it.each(['010-1234', '010-123456789012345', '10-12345678', '12912345678', '1391234567', '010 12345678'])(
    'refuses %s',
    async (phone) => {
      await expect(shopPhone({}, phone)).rejects.toThrow('联系电话格式不正确');
    },
  );

  it('leaves an empty store phone to the required rule and allows an empty contact phone', async () => {
    await expect(shopPhone({}, '')).resolves.toBeUndefined();
    expect(STORE_INFO_RULES.shopPhone[0]).toMatchObject({ required: true, message: '请输入联系电话' });
    await expect(contactsPhone({}, '')).resolves.toBeUndefined();
    await expect(contactsPhone({}, '12345')).rejects.toThrow('联系人电话格式不正确');
  });
});
