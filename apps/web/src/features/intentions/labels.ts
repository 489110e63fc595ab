/** 客户意向 and 客户意向详情: every visible string of the feature. */
export const INTENTION_LABELS = {
  titles: { list: '客户意向', detail: '客户意向详情' },
  fields: {
    omsConsultantsNo: '意向单号',
    customer: '客户',
    phone: '手机号',
    member: '会员',
    interest: '意向内容',
    status: '状态',
    followUpCount: '跟进次数',
    lastFollowUpAt: '最近跟进',
    createdAt: '推送时间',
  },
  list: {
    keywordPlaceholder: '意向单号/手机号/客户姓名/意向内容，回车查询',
    datePlaceholder: ['推送开始日期', '推送结束日期'] as [string, string],
    empty: '暂无客户意向',
  },
  detail: {
    missingNo: '缺少客户意向单号',
    infoTitle: '意向信息',
    timelineTitle: '跟进记录',
    noFollowUps: '暂无跟进记录',
    closedHint: '该意向已关闭，不能再跟进',
  },
  follow: {
    title: '跟进',
    note: '跟进内容',
    notePlaceholder: '请输入跟进内容，回车提交',
    noteRequired: '请填写跟进内容',
    closeNoteRequired: '关闭意向需填写跟进说明',
    status: '跟进后状态',
    keepFollowing: '跟进中',
    close: '关闭意向',
    submit: '提交跟进',
    done: '跟进已记录',
  },
} as const;
