import { expect, type APIRequestContext } from '@playwright/test';
import { SERVICE_TOKEN } from './session';

/**
 * The upstream platform pushes an online order offered to `storeCode` only; `overrides` replace fields of the
 * order (customer, address, remark, invoice, …).
 */
export async function pushOrder(
  request: APIRequestContext,
  storeCode: string,
  omsOrderNo: string,
  overrides: Record<string, unknown> = {},
) {
  const response = await request.post('/api/integration/orders', {
    headers: { 'x-service-token': SERVICE_TOKEN },
    data: {
      omsOrderNo,
      channel: 'online',
      customer: { name: '王丽华', phone: '13912345678' },
      items: [
        { skuCode: 'R1001', quantity: 2 },
        { skuCode: 'R1002', quantity: 1 },
      ],
      deliveryType: 'express',
      address: {
        receiverName: '王丽华',
        receiverPhone: '13912345678',
        countyCode: '110112',
        regionName: '北京市 北京市 通州区',
        detail: '马驹桥镇兴贸二街12号院3号楼',
        latitude: 39.76,
        longitude: 116.55,
      },
      freightCents: 1000,
      buyerRemark: '请下午送达',
      candidateStoreCodes: [storeCode],
      ...overrides,
    },
  });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { performancePlanOrderNo: string; created: boolean } };
  expect(data.created).toBe(true);
  return data.performancePlanOrderNo;
}
