/** 导出记录: every visible string of the page (the 导出 button's are in components/labels.ts). */
export const EXPORT_LABELS = {
  title: '导出记录',
  fields: {
    status: '状态',
    progress: '进度',
    rowCount: '行数',
    fileName: '文件名',
    createdBy: '导出人',
    createdAt: '创建时间',
    finishedAt: '完成时间',
  },
  records: {
    empty: '暂无导出记录',
    download: '下载',
    again: '重新导出',
    againDone: '已重新提交导出任务',
    polling: '有导出任务进行中，页面每2秒自动刷新',
  },
} as const;
