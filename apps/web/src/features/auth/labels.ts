/** Sign-in, code sign-in and password recovery (zh-text.md, "Sign-in"). */
export const AUTH_LABELS = {
  productName: '门店运营云平台',
  welcome: '欢迎登录',
  welcomeHint: '请使用您的工作账号登录',
  tabs: { password: '账号密码登录', code: '验证码登录' },
  fields: {
    username: '账号',
    password: '密码',
    captcha: '验证码',
    phone: '手机号',
    smsCode: '短信验证码',
    newPassword: '新密码',
    confirmPassword: '确认密码',
  },
  placeholders: {
    username: '请输入账号',
    password: '请输入密码',
    captcha: '请输入验证码',
    phone: '请输入手机号',
    smsCode: '请输入短信验证码',
    newPassword: '请输入新密码',
    confirmPassword: '请再次输入新密码',
  },
  rules: {
    invalidPhone: '请输入正确的手机号',
    invalidSmsCode: '请输入6位短信验证码',
    weakPassword: '新密码不符合要求',
    passwordHint: '密码至少8位，且包含大写字母、小写字母、数字、符号中的三种',
    passwordsDiffer: '两次输入的密码不一致',
  },
  sendCode: '获取验证码',
  resendIn: (seconds: number) => `${seconds}秒后重新获取`,
  codeSent: '验证码已发送，请注意查收',
  captchaRefresh: '看不清？点击刷新',
  captchaRetry: '加载失败，点击重试',
  rememberMe: '记住密码',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
  signIn: '登 录',
  forgotPassword: '忘记密码',
  noUser: '没有获取到用户信息',
  sessionExpired: '登录状态已过期，请重新登录',
  demoMode: '演示环境：短信验证码可在演示工具中查看，数据仅供体验，请勿录入真实信息',
  reset: {
    title: '找回密码',
    steps: ['验证手机号', '设置新密码', '完成'],
    next: '下一步',
    submit: '确认修改',
    success: '密码重置成功，请使用新密码登录',
    backToLogin: '返回登录',
  },
  help: {
    title: '帮助文档',
    items: [
      {
        question: '如何获取账号？',
        answer:
          '账号由总部统一开通。新员工入职后，请联系门店店长或区域负责人提交开通申请，开通后将以短信通知您的登录账号。',
      },
      {
        question: '忘记密码怎么办？',
        answer:
          '点击登录框下方的“忘记密码”，验证账号绑定的手机号后即可设置新密码。新密码至少8位，且包含大写字母、小写字母、数字、符号中的三种。',
      },
      {
        question: '收不到短信验证码？',
        answer: '请确认手机号与账号绑定的一致，并检查短信是否被拦截。验证码5分钟内有效，60秒后可重新获取。',
      },
      {
        question: '联系服务台',
        answer: '账号被锁定、门店权限不正确或遇到其他登录问题，请联系服务台处理，并提供您的账号和问题截图。',
      },
    ],
  },
  brand: {
    tagline: '门店经营，一站协同',
    description: '订单履约、会员运营、库存调拨与消息提醒，门店的每一项日常工作都在这里完成。',
    features: [
      { title: '订单履约', text: '线上订单、代客下单实时提醒' },
      { title: '会员运营', text: '会员查询、跟进与复购提醒' },
      { title: '库存调拨', text: '门店间调入、调出与借货一目了然' },
      { title: '消息中心', text: '业务消息即时送达，进度可查' },
    ],
    copyright: (year: number) => `© ${year} 门店运营云平台`,
  },
} as const;
