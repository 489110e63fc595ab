/** Query keys of 数据字典: every change invalidates `all`. */
export const dictKeys = {
  all: ['dicts'] as const,
  types: ['dicts', 'types'] as const,
  items: (typeId: number) => ['dicts', 'items', typeId] as const,
};
