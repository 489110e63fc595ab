/** Every Chinese string of 菜单管理. */
export const MENUS_LABELS = {
  title: '菜单管理',
  empty: '还没有菜单，点击「新增菜单」创建',
  loadFailed: '菜单加载失败',
  add: '新增菜单',
  addChild: '新增下级',
  edit: '编辑',
  delete: '删除',
  types: { 0: '目录', 1: '页面', 2: '按钮' } as Record<number, string>,
  typeColors: { 0: 'blue', 1: 'green', 2: 'default' } as Record<number, string>,
  fields: {
    title: '菜单标题',
    type: '类型',
    parent: '上级菜单',
    name: '路由名称',
    path: '路由地址',
    externalPath: '外链地址',
    component: '组件名称',
    icon: '图标',
    permission: '权限标识',
    sort: '排序',
    hidden: '隐藏',
    cache: '缓存',
    external: '外链',
    roleCount: '角色数',
    pathOrPermission: '路由地址 / 权限标识',
  },
  flags: { hidden: '隐藏', noCache: '不缓存', external: '外链' },
  topLevel: '无（顶层）',
  noIcon: '无图标',
  comingSoon: '未注册',
  comingSoonHint: (component: string) =>
    `「${component}」不是前端已注册的页面组件：菜单照常显示，打开后是「敬请期待」页。`,
  registeredHint: '已注册的页面组件，可从列表中选择',
  currentIcon: (icon: string) => `${icon}（当前，不在图标列表中）`,
  hints: {
    path: '目录以 / 开头（如 /system），页面写相对地址（如 users）',
    externalPath: '只接受 http:// 或 https:// 链接',
    permission: '按钮必填，形如 menu:add；用户持有后才能使用对应操作',
    hidden: '隐藏的页面不在侧边栏显示，仍可从链接打开',
    cache: '关闭后，离开页面再回来会重新加载',
    nextLoad: '保存后，用户在下次加载菜单时（切换页面或回到窗口）看到变化',
  },
  dialog: {
    add: '新增菜单',
    addChild: (parent: string) => `新增「${parent}」的下级菜单`,
    edit: (title: string) => `编辑菜单：${title}`,
  },
  created: '菜单已创建',
  saved: '菜单已保存',
  deleted: '菜单已删除',
  deleteConfirm: (title: string, roles: number) => ({
    content:
      roles > 0
        ? `确定删除菜单「${title}」吗？有${roles}个角色持有它，删除后这些角色将失去它。`
        : `确定删除菜单「${title}」吗？删除后不能恢复。`,
  }),
} as const;
