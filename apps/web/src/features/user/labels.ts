export const USER_LABELS = {
  title: '个人中心',
  username: '账号',
  nickName: '姓名',
  workCode: '工号',
  phone: '手机号',
  roles: '角色权限',
  none: '—',
} as const;
