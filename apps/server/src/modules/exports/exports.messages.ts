import { EXPORT_MAX_ROWS } from '@console/contract';

/** Chinese texts of the export module. */
export const EXPORT_TEXT = {
  notFound: '导出记录不存在',
  notReady: '文件正在生成，请稍后下载',
  failed: '导出失败，请重新导出',
  tooManyRows: `导出数据超过${EXPORT_MAX_ROWS / 10_000}万条，请缩小筛选范围后重新导出`,
  unknownKind: '不支持的导出类型',
  againDenied: (kind: string) => `您已没有导出「${kind}」的权限，无法重新导出`,
} as const;
