import { z } from 'zod';
import { storeCodeSchema } from './stores.js';
import { endpoint } from './common/endpoint.js';

export const DASHBOARD_PATHS = { summary: '/api/dashboard/summary' } as const;

/** The counts of the dashboard cards; each is fed by a later business module (docs/domain/dashboard.md). */
export const DASHBOARD_COUNT_KEYS = [
  'ordersToGrab',
  'ordersToShip',
  'unreadMessages',
  'pendingAudits',
] as const;
export type DashboardCountKey = (typeof DASHBOARD_COUNT_KEYS)[number];

/** The daily figures the chart draws; `salesCents` is money in cents (fen). */
export const DASHBOARD_METRICS = ['orders', 'salesCents', 'newMembers'] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];

export const DASHBOARD_RANGES = [7, 30] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const dashboardSummaryBodySchema = z.object({
  storeCode: storeCodeSchema,
  days: z.union([z.literal(7), z.literal(30)], { error: '统计天数只能是7天或30天' }).default(7),
});
export type DashboardSummaryBody = z.input<typeof dashboardSummaryBodySchema>;

export const dashboardCountSchema = z.object({
  key: z.enum(DASHBOARD_COUNT_KEYS),
  /** null when no module feeds the key yet, or its source failed: the console shows "—". */
  value: z.number().int().nullable(),
  /** The module that feeds the key, null while none is registered. */
  source: z.string().nullable(),
});
export type DashboardCount = z.infer<typeof dashboardCountSchema>;

export const dashboardPointSchema = z.object({
  /** Asia/Shanghai calendar day, YYYY-MM-DD. */
  day: z.string(),
  metric: z.enum(DASHBOARD_METRICS),
  value: z.number().int(),
});
export type DashboardPoint = z.infer<typeof dashboardPointSchema>;

export const dashboardSummarySchema = z.object({
  counts: z.array(dashboardCountSchema),
  /** Every day of the range (oldest first) for every metric; days without figures are 0. */
  series: z.object({
    days: z.union([z.literal(7), z.literal(30)]),
    points: z.array(dashboardPointSchema),
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardEndpoints = {
  summary: endpoint({
    method: 'POST',
    path: DASHBOARD_PATHS.summary,
    request: dashboardSummaryBodySchema,
    response: dashboardSummarySchema,
    summary: "The scoped store's counts and its daily figures of the last 7 or 30 days",
  }),
};
