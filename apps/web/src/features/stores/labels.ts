import type { SelectedStore } from '@console/contract';

type StoreLabelParts = Pick<SelectedStore, 'frontTitle' | 'businessScopeName' | 'addressId'>;

/** `{frontTitle}-{businessScopeName}-{addressId}`, the name a store goes by in the header and confirms. */
export function storeLabel(store: Partial<StoreLabelParts> & { addressId: string }): string {
  return [store.frontTitle, store.businessScopeName, store.addressId].filter(Boolean).join('-');
}

/** Store selection and switching (zh-text.md, "Stores", "Load-more"). */
export const STORE_LABELS = {
  keywordPlaceholder: '请输入门店名称或编号',
  search: '查询',
  loading: '加载中…',
  empty: '暂无数据',
  loadMore: '加载更多',
  noMore: '没有更多了',
  loadFailed: '加载失败，点击重试',
  current: '当前',
  chooseStore: '选择门店',
  switcherTitle: '切换门店',
  selectDialogTitle: '选择门店',
  selectDialogText: '您有多个门店的权限，请选择一个门店',
  noStoreChosen: '请选择门店！',
  noPermission: '您暂无门店权限，请联系业务负责人',
  tip: '提示',
  lastStoreFailed: '获取您上次使用门店信息失败',
  retry: '重新获取',
  skip: '跳过',
  ok: '确定',
  cancel: '取消',
  saveFailed: '设置失败',
  gateTitle: '请先选择门店',
  gateText: '选择门店后即可使用此功能',
  gateAction: '选择门店',
  switchConfirm: (store: StoreLabelParts, onHome: boolean) =>
    `您将切换到门店【${storeLabel(store)}】${onHome ? '' : '，并返回首页'}，是否确认？`,
} as const;
