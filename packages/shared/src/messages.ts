// Every user-facing message of the product in one place: what SPEC.md quotes (exactly as written there) and the
// product's own copy that crosses the wire or is shared by both sides. Page copy that only one screen shows stays
// with its feature.
import { LIMITS } from './constants.js';

/** At most this many codes in getCustomers' `industry_codes`. */
export const INDUSTRY_CODES_MAX = 20;

export const MSG = {
  // SPEC.md §5 registration / recovery
  companyRequired: '请输入公司名称',
  companyInvalid: '请输入正确的公司名称',
  companyTooLong: '公司名称长度不能大于25位',
  usernameRequired: '请输入用户名',
  usernameTooShort: '账号长度至少为6位',
  usernameTooLong: '账号长度不能大于16位',
  usernameInvalid: '请使用以字母开头的用户名',
  passwordRequired: '请输入密码',
  passwordTooShort: '密码长度至少为8位',
  passwordInvalid: '请设置字母数字混合密码',
  confirmRequired: '请输入确认密码',
  confirmMismatch: '两次输入的密码不一致',
  mobileInvalid: '手机号码有误',
  codeNotRequested: '请先获取验证码',
  codeRequired: '请输入验证码',
  codeInvalid: '验证码输入有误',
  agreeRequired: '请先同意条款',
  chooseAccount: '请输入选择您的账号',
  // SPEC.md §5 login
  loginUsernameRequired: '用户名不能为空',
  loginPasswordRequired: '密码不能为空',
  // SPEC.md §5 payment
  agreementRequired: '请先阅读并勾选《查策网会员服务协议》',
  // SPEC.md §5 funding
  fundingAmountRequired: '资助金额不能为空',
  fundingAmountNumeric: '请输入数字值',
  // The funding form's own wording (SPEC.md §5 gives the rule; the wording follows the dialog's labels)
  fundingProjectNameRequired: '请输入项目名称',
  fundingProjectNameLength: `项目名称长度为1-${LIMITS.fundingTextMax}个字符`,
  fundingDepNameRequired: '请输入资助部门',
  fundingDepNameLength: `资助部门长度为1-${LIMITS.fundingTextMax}个字符`,
  fundingAmountNegative: '资助金额不能小于0',
  fundingAmountDecimals: '资助金额最多保留两位小数',
  fundingAmountTooLarge: '资助金额不能大于9999999.99万元',
  fundingIdInvalid: '记录ID有误',
  fundingSaved: '保存成功',
  fundingDeleted: '删除成功',
  fundingIdsInvalid: '所选数据有误，请刷新后重试',
  fundingIdsTooMany: '一次最多删除100条数据',
  fundingForbidden: '您无权操作其他会员的资助记录',
  selectOne: '请选择一条数据',
  selectAtLeastOne: '请至少选择一条数据',
  // SPEC.md §8 generic
  loggedInElsewhere: '账号已在别处登录了，如非本人操作，请及时修改密码！',
  sessionExpired: '登录状态已过期，请重新登录',
  badGateway: '服务连接失败!',
  timeout: '请求超时!',
  network: '网络错误，无法正常请求网页。',
  // SPEC.md §8 login / registration / recovery / captcha
  loginFailed: '登录失败！',
  registered: '注册成功',
  findPasswordOk: '修改密码成成功，请登录！！',
  findPasswordError: '修改密码失败，请重试！！',
  captchaFailed: '验证失败: 拖动滑块将悬浮图像正确拼合',
  captchaPassed: '验证通过',
  // SPEC.md §8 orders
  orderCreateFailed: '订单创建失败，请联系客服处理',
  orderExpiryMissing: '获取当前套餐过期时间失败，请联系客服处理',
  payFailed: '支付失败，请联系客服处理',
  orderAbnormal: '订单异常，请联系客服处理',
  orderTimeout: '订单已过期，请您重新选择套餐，并及时支付订单！',
  // Orders and payments: request fields (the product's own copy)
  planInvalid: '套餐编号有误',
  orderCountInvalid: '购买数量须为1-5',
  orderNoInvalid: '订单号有误',
  payTypeInvalid: '支付方式有误',
  finalPriceInvalid: '订单金额有误',
  orderStatusInvalid: '订单状态有误',
  // SPEC.md §8 error pages
  page401: '您没有权限访问该功能，请升级会员等级',
  page503: '您今日的访问次数过高，系统将对您进行保护性限制，如需解除，请联系客服',
  // SPEC.md §6 roles (the wording is the product's; the rule is the specification's)
  /** Sub-accounts and the package pages: the message says it is a sub-account. One text for page, toast and API. */
  subAccountNoPackages: '您的账号为子账号，无法查看套餐信息，请联系主账号',
  noPushPermission: '您暂无推送设置权限，是否升级会员？',
  // Server messages (the product's own copy)
  ok: '操作成功',
  loginOk: '登录成功',
  unsupportedMediaType: '不支持的请求格式',
  malformedBody: '请求数据格式有误',
  payloadTooLarge: '请求内容过大',
  headersTooLarge: '请求头过大',
  websocketOnly: '该地址仅支持 WebSocket 连接',
  badCredentials: '用户名或密码错误',
  needBindPhone: '您的账号尚未绑定手机号，请绑定手机号后登录',
  unauthorized: '未登录或登录已失效，请重新登录',
  tokenInvalid: '登录凭证无效，请重新登录',
  forbidden: '您没有权限执行此操作',
  notFound: '请求的资源不存在',
  badRequest: '请求参数有误',
  tooManyRequests: '您的访问过于频繁，请稍后再试',
  internal: '服务器开小差了，请稍后再试',
  requiresLogin: '该功能需要登录后使用，是否前往登录？',
  loggedOut: '已退出登录',
  // Captcha, SMS codes, registration, recovery
  captchaExpired: '拼图验证已失效，请刷新后重试',
  captchaTooManyTries: '验证失败次数过多，请刷新后重试',
  captchaRequired: '请先完成拼图验证',
  smsSent: '验证码已发送',
  smsDailyMobileCap: '该手机号今日获取验证码次数已达上限，请明天再试',
  smsDailyIpCap: '您今日获取验证码次数已达上限，请明天再试',
  smsSendFailed: '短信发送失败，请稍后再试',
  smsCodeWrong: '验证码错误，请重新输入',
  /** No live code: never sent, already used, or replaced. */
  smsCodeVoid: '验证码已失效，请重新获取验证码',
  smsCodeExpired: '验证码已过期，请重新获取',
  smsCodeTooManyTries: '验证码错误次数过多，请重新获取',
  phoneNotBound: '该手机号未绑定任何账号，请使用账号密码登录并绑定手机号',
  /** A password login refused because the username is locked: the client shows the slider captcha, then retries. */
  accountLockedCaptcha: '登录失败次数过多，请完成拼图验证后再登录',
  usernameTaken: '该用户名已被注册',
  mobileTaken: '该手机号已注册',
  passwordChanged: '密码修改成功',
  passwordChangedPush: '您的密码已被修改，请重新登录！',
  loginTypeUnsupported: '暂不支持该登录方式',
  // Paging and area filters of every list
  pageInvalid: '页码须为正整数',
  sizeInvalid: '每页条数须为1-100的整数',
  cityInvalid: '城市代码有误',
  areaInvalid: '地区代码有误',
  // Customers
  customerRequired: '请指定客户',
  customerInvalid: '客户ID有误',
  industryInvalid: '行业代码有误',
  hightechInvalid: '高新技术企业筛选值有误',
  industryCodesTooMany: `行业代码最多${INDUSTRY_CODES_MAX}个`,
  customerTypeInvalid: '客户类型筛选值有误',
  // Input hygiene of every request field (fields.ts)
  textInvalid: '内容包含非法字符',
  idInvalid: 'ID有误',
} as const;

/** Messages that carry a number: a function of it, beside MSG. */
export const MSG_WITH = {
  ipLocked: (minutes: number) => `当前网络登录失败次数过多，已暂停密码登录，请${minutes}分钟后再试`,
  smsCooldown: (seconds: number) => `发送过于频繁，请${seconds}秒后再试`,
  textTooLong: (max: number) => `内容长度不能超过${max}个字符`,
  /** Recovery on a mobile no account has: the user forgot the password, so only customer service can help. */
  findPasswordNotBound: (hotline: string) => `该手机号未绑定任何账号，如忘记密码请联系客服（${hotline}）找回`,
} as const;
