/** API paths, exactly the spec's (section 7). */
export const AUTH_PATHS = {
  passwordLogin: '/auth/ljyPwdLogin',
  codeLogin: '/auth/ljyPcLogin',
  passwordStatus: '/auth/queryMidPwdStatus',
  resetSendCode: '/auth/findPassSendMsg',
  resetVerifyCode: '/auth/findPassVaildMsg',
  resetPassword: '/auth/resetPassword',
  sendCode: '/auth/sendMsg',
  info: '/auth/info',
  captcha: '/auth/code',
  logout: '/auth/logout',
  menus: '/api/menus/buildSystem/8',
  /** Designed: whether a path is a page of the console (a deep link outside the user's menu: 403, not 404). */
  menuPathKnown: '/api/menus/known-path',
  cloudRoles: '/api/roles/queryLjYun',
} as const;

export const DEV_PATHS = {
  smsOutbox: '/dev/sms-outbox',
  captchaAnswer: '/dev/captcha/:uuid',
  forgetLastStore: '/dev/forget-last-store',
} as const;

/** The personal centre (designed). Here, not beside its schemas, so the sign-in screens use it without zod. */
export const PROFILE_PATHS = {
  profile: '/api/users/profile',
  updatePassword: '/api/users/updatePass',
  phoneCode: '/api/users/profile/phone/code',
  phone: '/api/users/profile/phone',
  updateAvatar: '/api/users/updateAvatar',
  avatar: '/api/users/avatar/:userId',
} as const;

/** Store and user calls (spec 7.3); the store-console calls live under `/feo` (documented in docs/domain/stores.md). */
export const STORE_PATHS = {
  lastStore: '/api/user/shop/last/change',
  saveLastStore: '/api/user/shop/save/change',
  shopGroups: '/api/users/query/shopGroup/v2',
  infoStatus: '/feo/shopInfo/modifyStatus',
  detail: '/feo/shopInfo/detail',
  save: '/feo/shopInfo/save',
  areaTree: '/feo/area/tree',
  placeSearch: '/feo/place/search',
  staffList: '/feo/dept/staffList',
  authInfo: '/feo/auth/infoByUser',
  logoutAction: '/feo/logout/action',
} as const;

/** The header a store-scoped call may carry its store code in when the body names none. */
export const STORE_CODE_HEADER = 'x-store-code';
