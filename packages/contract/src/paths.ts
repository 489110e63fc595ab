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
  cloudRoles: '/api/roles/queryLjYun',
} as const;

export const DEV_PATHS = {
  smsOutbox: '/dev/sms-outbox',
  captchaAnswer: '/dev/captcha/:uuid',
} as const;
