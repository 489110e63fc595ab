import type { RoleKey } from './role-data.js';
import type { ShopGroupTitle } from './store-data.js';

/** Head-office departments; each shop group also gets an area department of the same name under 总部. */
export const HEAD_OFFICE_ROOT = '总部';
export const HEAD_OFFICE_DEPARTMENTS = ['运营中心', '信息中心'] as const;
/** Teams below the head-office centres (no demo user sits in them). */
export const HEAD_OFFICE_TEAMS: readonly {
  parent: (typeof HEAD_OFFICE_DEPARTMENTS)[number];
  name: string;
  enabled: boolean;
}[] = [
  { parent: '运营中心', name: '客服组', enabled: true },
  { parent: '运营中心', name: '会员运营组', enabled: true },
  { parent: '运营中心', name: '活动策划组', enabled: false },
  { parent: '信息中心', name: '数据组', enabled: true },
];
export type DepartmentName =
  typeof HEAD_OFFICE_ROOT | (typeof HEAD_OFFICE_DEPARTMENTS)[number] | ShopGroupTitle;

/** The shared password of every demo staff member (hashed once); the `staff` demo account uses it too. */
export const SHARED_STAFF_PASSWORD = 'Staff@2026!';

export type DemoAccountSeed = {
  username: string;
  password: string;
  nickName: string;
  workCode: string;
  phone: string;
  role: RoleKey;
  department: DepartmentName;
  /** Store names (shopName), or 'all'. */
  stores: readonly string[] | 'all';
  /** The store remembered as last used (user_last_stores), if any. */
  lastStore?: string;
  description: string;
};

/** The documented demo accounts (printed at start). */
export const DEMO_ACCOUNT_SEEDS: readonly DemoAccountSeed[] = [
  {
    username: 'admin',
    password: 'Admin@2026!',
    nickName: '系统管理员',
    workCode: 'A0001',
    phone: '13800000000',
    role: 'admin',
    department: '信息中心',
    stores: 'all',
    lastStore: '亦庄文化园店',
    description: 'admin role, every store, last-used store set',
  },
  {
    username: 'staff',
    password: SHARED_STAFF_PASSWORD,
    nickName: '李晓雯',
    workCode: 'S1001',
    phone: '13800000001',
    role: 'store_staff',
    department: '华北一区',
    // Two stores near the default position, one far away in another group.
    stores: ['亦庄文化园店', '亦庄荣华店', '陆家嘴店'],
    description: 'store_staff, 3 stores in 2 groups, no last-used store (asked to pick one)',
  },
  {
    username: 'solo',
    password: 'Solo@2026!',
    nickName: '周一鸣',
    workCode: 'S1002',
    phone: '13800000002',
    role: 'store_staff',
    department: '华北一区',
    stores: ['马驹桥店'],
    lastStore: '马驹桥店',
    description: 'store_staff, 1 store, last-used store set',
  },
  {
    username: 'nostore',
    password: 'Nostore@2026!',
    nickName: '陈默',
    workCode: 'S1003',
    phone: '13800000003',
    role: 'store_staff',
    department: '运营中心',
    stores: [],
    description: 'store_staff, no store (told to contact the business owner)',
  },
];

/**
 * Demo roles that only widen a data scope (no menus; docs/domain/roles.md "Data scope"). In the demo the
 * `head_office` role sees its holders' own stores, and these add the rest: 钱程 every store, 孟琳 two groups.
 */
export const DEMO_SCOPE_ROLES: readonly {
  permission: string;
  name: string;
  description: string;
  dataScope: 'all' | 'groups';
  groups: readonly ShopGroupTitle[];
  holders: readonly string[];
}[] = [
  {
    permission: 'ops_national',
    name: '全国运营',
    description: '数据权限：全部门店',
    dataScope: 'all',
    groups: [],
    holders: ['qiancheng'],
  },
  {
    permission: 'ops_east_south',
    name: '华东华南运营',
    description: '数据权限：华东一区、华南一区的门店',
    dataScope: 'groups',
    groups: ['华东一区', '华南一区'],
    holders: ['menglin'],
  },
];

export type StaffSeed = {
  username: string;
  nickName: string;
  role: RoleKey;
  department: DepartmentName;
  stores: readonly string[];
  enabled?: false;
  /** A one-time password from an administrator, not yet changed (用户管理 shows 待改密). */
  mustChangePassword?: true;
};

/**
 * Head-office members with a store or two each (for store-scoped screens), one disabled account and two new
 * store staff who must still change their one-time password.
 */
export const HEAD_OFFICE_STAFF: readonly StaffSeed[] = [
  {
    username: 'qiancheng',
    nickName: '钱程',
    role: 'head_office',
    department: '运营中心',
    stores: ['三里屯店', '南京东路店'],
  },
  {
    username: 'menglin',
    nickName: '孟琳',
    role: 'head_office',
    department: '运营中心',
    stores: ['天河城店'],
  },
  { username: 'qinlan', nickName: '秦岚', role: 'auditor', department: '运营中心', stores: ['春熙路店'] },
  {
    username: 'former',
    nickName: '郑前',
    role: 'store_staff',
    department: '华北一区',
    stores: [],
    enabled: false,
  },
  // New staff whose administrator-issued password is still to be changed.
  {
    username: 'xinren',
    nickName: '辛仁',
    role: 'store_staff',
    department: '华北一区',
    stores: ['亦庄荣华店'],
    mustChangePassword: true,
  },
  {
    username: 'luxin',
    nickName: '陆新',
    role: 'store_staff',
    department: '华东一区',
    stores: ['陆家嘴店'],
    mustChangePassword: true,
  },
];

/**
 * Names for store staff, used in order: each takes one or two neighbouring stores of one city and is their
 * contact (two stores: 店长, one store: 门店店员).
 */
export const STORE_STAFF_NAMES: readonly { username: string; nickName: string }[] = [
  { username: 'zhangwei', nickName: '张伟' },
  { username: 'wangfang', nickName: '王芳' },
  { username: 'lina', nickName: '李娜' },
  { username: 'liuyang', nickName: '刘洋' },
  { username: 'chenjing', nickName: '陈静' },
  { username: 'yangfan', nickName: '杨帆' },
  { username: 'zhaolei', nickName: '赵磊' },
  { username: 'huangmin', nickName: '黄敏' },
  { username: 'zhoujie', nickName: '周杰' },
  { username: 'wuting', nickName: '吴婷' },
  { username: 'xutao', nickName: '徐涛' },
  { username: 'sunli', nickName: '孙丽' },
  { username: 'hubin', nickName: '胡斌' },
  { username: 'zhulin', nickName: '朱琳' },
  { username: 'gaoxiang', nickName: '高翔' },
  { username: 'linxue', nickName: '林雪' },
  { username: 'hepeng', nickName: '何鹏' },
  { username: 'guoqian', nickName: '郭倩' },
  { username: 'machao', nickName: '马超' },
  { username: 'luomin', nickName: '罗敏' },
  { username: 'liangyu', nickName: '梁宇' },
  { username: 'songjia', nickName: '宋佳' },
  { username: 'zhenghao', nickName: '郑浩' },
  { username: 'xieying', nickName: '谢颖' },
  { username: 'hanbing', nickName: '韩冰' },
  { username: 'tangliang', nickName: '唐亮' },
  { username: 'fengxuemei', nickName: '冯雪梅' },
  { username: 'yuyang', nickName: '于洋' },
  { username: 'dongdan', nickName: '董丹' },
  { username: 'chenggong', nickName: '程功' },
  { username: 'caoying', nickName: '曹颖' },
  { username: 'yuanye', nickName: '袁野' },
  { username: 'dengyun', nickName: '邓云' },
  { username: 'xuwenjing', nickName: '许文静' },
  { username: 'fuqiang', nickName: '傅强' },
  { username: 'shenyue', nickName: '沈悦' },
  { username: 'zengxin', nickName: '曾鑫' },
  { username: 'pengbo', nickName: '彭博' },
  { username: 'lvfang', nickName: '吕方' },
  { username: 'suxiao', nickName: '苏晓' },
  { username: 'lufeng', nickName: '卢峰' },
  { username: 'jiangxin', nickName: '蒋欣' },
  { username: 'caiwen', nickName: '蔡文' },
  { username: 'jiaqi', nickName: '贾琪' },
  { username: 'dingyifan', nickName: '丁一凡' },
  { username: 'weidong', nickName: '魏东' },
  { username: 'yeqing', nickName: '叶青' },
  { username: 'panyue', nickName: '潘越' },
];
