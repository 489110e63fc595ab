import type { AreaNode, ContactOption, Place, StoreDetail } from '@console/contract';

/** A two-municipality slice of the GB/T 2260 tree, enough for the form's region rules. */
export const AREA_TREE: AreaNode[] = [
  {
    id: '110000',
    name: '北京市',
    children: [
      {
        id: '110100',
        name: '市辖区',
        children: [
          { id: '110105', name: '朝阳区' },
          { id: '110114', name: '昌平区' },
        ],
      },
    ],
  },
  {
    id: '120000',
    name: '天津市',
    children: [{ id: '120100', name: '市辖区', children: [{ id: '120101', name: '和平区' }] }],
  },
];

export const DETAIL: StoreDetail = {
  id: 12,
  shopCode: 'SD11011401',
  shopName: '回龙观店',
  shopPhone: '010-61234567',
  shopProvinceCode: '110000',
  shopCityCode: '110100',
  shopCountyCode: '110114',
  shopProvinceName: '北京市',
  shopCityName: '市辖区',
  shopCountyName: '昌平区',
  shopDetailAddress: '回龙观西大街9号院龙德广场1层',
  shopAddress: '北京市昌平区回龙观西大街9号院龙德广场1层',
  latitude: 40.0703,
  longitude: 116.3364,
  contactsId: null,
  contactsName: '',
  contactsPhone: '',
  organizeId: 5,
  infoConfirmed: false,
};

export const CONTACTS: ContactOption[] = [
  { userId: 7, name: '王芳', phone: '13912345678' },
  { userId: 8, name: '赵强', phone: '010-66778899' },
];

export const GUOMAO: Place = {
  id: 'p-bj-guomao',
  title: '国贸商城',
  address: '北京市朝阳区建国门外大街1号',
  location: { lat: 39.9087, lng: 116.4605 },
  adcode: '110105',
};
