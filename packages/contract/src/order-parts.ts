import { z } from 'zod';
import { requiredText } from './common/fields.js';
import { MOBILE_PATTERN } from './validation.js';

/**
 * Shapes the order contract files share (offers, received orders, valet orders, the upstream push): one home
 * each, composed where they are used.
 */

/** A mainland mobile number. */
export const mobileNumber = (missing: string) =>
  z.string({ error: missing }).trim().regex(MOBILE_PATTERN, '手机号格式不正确');

/** A latitude and a longitude in degrees. */
export const coordinateFields = {
  latitude: z.number({ error: '纬度不正确' }).min(-90, '纬度不正确').max(90, '纬度不正确'),
  longitude: z.number({ error: '经度不正确' }).min(-180, '经度不正确').max(180, '经度不正确'),
};

/**
 * The goods a caller orders: one line per SKU code with its quantity (names and prices come from the SKU
 * table). `empty` is the message for no line at all.
 */
export function skuQuantitiesSchema(limits: { maxQuantity: number; maxLines: number; empty: string }) {
  return z
    .array(
      z.object({
        skuCode: requiredText(32, '缺少商品编码', '商品编码格式不正确'),
        quantity: z
          .number({ error: '商品数量不正确' })
          .int('商品数量不正确')
          .min(1, '商品数量不正确')
          .max(limits.maxQuantity, `单个商品最多${limits.maxQuantity}件`),
      }),
      { error: limits.empty },
    )
    .min(1, limits.empty)
    .max(limits.maxLines, `每单最多${limits.maxLines}种商品`);
}

/** A priced line of an order: the SKU, how many, the unit price and the line's amount in cents. */
export const orderLineSchema = z.object({
  skuCode: z.string(),
  name: z.string(),
  spec: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  amountCents: z.number().int(),
});

/** An order's line with the points it used (offers and received orders). */
export const orderItemSchema = orderLineSchema.extend({ points: z.number().int() });

/** Where an order goes, as its detail shows it. */
export const receiverAddressSchema = z.object({
  receiverName: z.string(),
  receiverPhone: z.string(),
  regionName: z.string(),
  detail: z.string(),
});
