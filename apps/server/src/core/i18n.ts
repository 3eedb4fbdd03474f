/**
 * Server messages in zh-CN and en-US. The language follows the client's `Accept-Language` header (or `?lang=`);
 * Chinese is the default, as in the Blade family.
 */
import { RULE_MESSAGES, type RuleMessageKey } from '@helio/contracts/validation';

export type Lang = 'zh-CN' | 'en-US';

const rule = (k: RuleMessageKey): [string, string] => [RULE_MESSAGES[k].zh, RULE_MESSAGES[k].en];

export const MESSAGES = {
  success: ['操作成功', 'Success'],
  noData: ['暂无承载数据', 'No data'],
  failure: ['操作失败', 'Operation failed'],
  badRequest: ['参数校验失败', 'Invalid request parameters'],
  unauthorized: ['请求未授权', 'Unauthorized request'],
  tokenMissing: ['缺失令牌,鉴权失败', 'Missing token, authentication failed'],
  forbidden: ['请求被拒绝', 'Request rejected: you do not have permission for this action'],
  notFound: ['404 没找到请求', '404 Not Found'],
  methodNotAllowed: ['不支持当前请求方法', 'Request method not supported'],
  unsupportedMedia: ['不支持当前媒体类型', 'Unsupported media type'],
  payloadTooLarge: ['请求内容过大', 'Request body too large'],
  serverError: ['服务器异常', 'Internal server error'],
  databaseUnavailable: ['数据库暂时不可用,请稍后再试', 'The database is temporarily unavailable; please try again shortly'],
  kvUnavailable: ['共享状态服务暂时不可用,请稍后再试', 'A shared service (Redis) is temporarily unavailable; please try again shortly'],
  storageFull: ['服务器存储空间已满,本次修改未保存,请联系管理员', "The server's storage is full; the change was not saved. Please tell your administrator"],
  databaseSlow: ['数据库响应超时,请稍后再试', 'The database did not answer in time; please try again shortly'],
  devicePathDown: ['设备通道尚未启动,请稍后再试', 'The device connection service is not running yet; please try again shortly'],
  deviceNoReply: ['设备未在 {seconds} 秒内应答', 'The device did not answer within {seconds} s'],
  deviceUnknown: ['设备不存在', 'No such device'],
  badCredentials: ['用户名或密码错误', 'Incorrect account or password'],
  loginThrottled: ['登录尝试过于频繁,请{seconds}秒后再试', 'Too many sign-in attempts from your address; try again in {seconds} seconds'],
  ipInvalid: ['IP地址格式不正确: {ip}', 'Not a valid IP address: {ip}'],
  badCaptcha: ['验证码不正确', 'Incorrect verification code'],
  captchaRequired: ['请输入验证码', 'Please enter the verification code'],
  clientAuthFailed: ['客户端认证失败!', 'Client authentication failed!'],
  grantNotSupported: ['不支持的授权类型: {grant}', 'Unsupported grant type: {grant}'],
  grantNotEnabled: ['该登录方式尚未启用: {grant}', 'This sign-in method is not enabled yet: {grant}'],
  tenantNotFound: ['租户ID未找到', 'Tenant ID not found'],
  tenantExpired: ['租户授权已过期,请联系管理员', 'The tenant licence has expired; contact your administrator'],
  noRole: ['未获得用户的角色信息', 'The user has no role assigned'],
  refreshInvalid: ['令牌已失效,请重新登录', 'The session has expired; please sign in again'],
  passwordDecrypt: ['密码解密失败', 'The password could not be decrypted'],
  oldPasswordWrong: ['原密码不正确', 'The current password is incorrect'],
  passwordMismatch: ['两次输入的密码不一致', 'The two passwords do not match'],
  passwordRule: ['密码长度为8-16位,且须同时包含字母和数字', 'The password must be 8–16 characters and contain letters and digits'],
  // Field rule messages: the one wording the web forms share (contracts validation.ts).
  required: rule('required'),
  tooLong: rule('tooLong'),
  tooShort: rule('tooShort'),
  outOfRange: rule('outOfRange'),
  invalidFormat: rule('invalidFormat'),
  notANumber: rule('notANumber'),
  unknownParam: ['不支持的查询参数: {param}', 'Unsupported query parameter: {param}'],
  invalidParam: ['参数{param}的值不正确', 'The value of parameter {param} is not valid'],
  invalidChars: ['请求中含有不允许的字符(NUL)', 'The request contains a character that is not allowed (NUL)'],
  badInput: ['参数值不正确(格式、范围或长度超出限制)', 'A parameter value is not valid (format, range or length)'],
  unknownSort: ['不支持的排序字段: {param}', 'Unsupported sort field: {param}'],
  pageSizeTooLarge: ['每页条数不能超过{max}', 'Page size must not exceed {max}'],
  pageInvalid: ['分页参数不正确', 'Invalid paging parameters'],
  idsRequired: ['请选择至少一条数据', 'Please select at least one record'],
  recordNotFound: ['数据不存在或已被删除', 'The record does not exist or has been deleted'],
  duplicate: ['{field}已存在', '{field} already exists'],
  duplicateRecord: ['数据已存在', 'This record already exists'],
  conflict: ['数据已被他人修改,请刷新后重试', 'This record was changed by someone else; reload it and try again'],
  emailExists: ['邮箱已存在', 'The email address is already in use'],
  accountExists: ['账号已存在', 'The account already exists'],
  sealed: ['该数据已封存,不可修改或删除', 'This item is sealed and cannot be changed or removed'],
  paramValueOneOf: ['参数{key}的键值只能是: {values}', 'The value of {key} must be one of: {values}'],
  // files, SMS, notices, logs, data sources, code generator, reports (issue 5)
  hostNotAllowed: ['不允许连接该主机: {host}', 'Connections to this host are not allowed: {host}'],
  fileRequired: ['请选择要上传的文件', 'Please choose a file to upload'],
  tooManyFiles: ['最多只能上传{max}个文件', 'At most {max} files can be uploaded at once'],
  fileTooLarge: ['文件大小不能超过{max}', 'A file must not be larger than {max}'],
  fileTypeNotAllowed: ['不支持的文件类型: {name}', 'This type of file is not accepted: {name}'],
  uploadUseInvalid: ['不支持的上传用途: {use}', 'Unknown upload use: {use}'],
  uploadRateLimited: ['上传过于频繁,请稍后再试', 'Too many uploads; please try again later'],
  storageFailed: ['文件存储失败,请检查存储配置', 'The file could not be stored; check the storage configuration'],
  storageCheckFailed: ['存储连接测试失败: {reason}', 'Storage check failed: {reason}'],
  phoneInvalid: ['手机号格式不正确', 'The mobile number is invalid'],
  smsTooFrequent: ['验证码发送过于频繁,请{seconds}秒后再试', 'Codes are sent too often; try again in {seconds} s'],
  smsLimitReached: ['验证码发送次数已达上限,请稍后再试', 'Too many verification codes were requested; try again later'],
  smsCodeInvalid: ['验证码不正确或已过期', 'The verification code is incorrect or has expired'],
  smsSendFailed: ['短信发送失败: {reason}', 'The SMS could not be sent: {reason}'],
  smsProviderUnsupported: ['暂不支持该短信服务类型', 'This SMS provider type is not supported yet'],
  smsConfigNotFound: ['短信配置不存在: {code}', 'No SMS configuration with the code {code}'],
  smsTooManyPhones: ['一次最多发送给{max}个手机号', 'At most {max} numbers per message'],
  datasourceUrlInvalid: ['连接地址应为 jdbc:postgresql://主机:端口/数据库', 'The URL must look like jdbc:postgresql://host:port/database'],
  datasourceConnectFailed: ['数据源连接失败: {reason}', 'Could not connect to the data source: {reason}'],
  tableNotFound: ['数据表不存在: {table}', 'No such table: {table}'],
  identifierInvalid: ['名称不合法(只允许小写字母、数字和下划线): {name}', 'Not a usable name (lower-case letters, digits, underscores): {name}'],
  codeGenFailed: ['代码生成失败: {reason}', 'Code generation failed: {reason}'],
  reportTypeUnknown: ['不支持的报表类型: {type}', 'Unknown report type: {type}'],
  reportUnavailable: ['该报表暂不可用: {type}', 'This report is not available yet: {type}'],
  exportTooLarge: ['导出数据过多,最多{max}行', 'Too much data to export: at most {max} rows'],
  tooManyRequests: ['操作过于频繁,请稍后再试', 'Too many requests; please try again later'],
  hasChildren: ['请先删除子节点!', 'Remove its child items first'],
  accountLimit: ['租户账号数量已达上限({max})', 'The tenant has reached its account limit ({max})'],
  cannotRemoveSelf: ['不能删除当前登录的账号', 'You cannot remove the account you are signed in with'],
  registerClosed: ['当前系统未开放注册', 'Registration is not open'],
  // roles, initial passwords and registration (issue 11 items 5–7)
  grantBeyondOwn: ['不能授予自己没有的权限', 'You cannot grant a permission you do not hold yourself'],
  roleAboveOwn: ['不能授予或收回高于自己的角色', 'You cannot grant or take away a role above your own'],
  ownRolesLocked: ['不能修改自己的角色或角色权限', 'You cannot change your own roles or their permissions'],
  roleOutsideOwn: ['只能管理自己角色之下的角色', 'You can only manage roles below your own'],
  roleAliasReserved: ['角色别名 administrator 只能由管理员使用', 'Only an administrator may use the role alias administrator'],
  passwordChangeRequired: ['请先修改初始密码再继续操作', 'Change your initial password before you continue'],
  passwordUnchanged: ['新密码不能与初始密码相同', 'The new password must differ from the initial one'],
  registrationReceived: ['注册申请已提交,请等待管理员审核', 'Registration received; it waits for an administrator to approve it'],
  registrationPending: ['账号正在等待管理员审核', 'This account is waiting for an administrator to approve it'],
  registerTooMany: ['注册请求过于频繁,请稍后再试', 'Too many registrations from this address; please try again later'],
  notPending: ['所选账号不在待审核状态', 'The selected accounts are not waiting for approval'],
  xlsxOnly: ['请使用.xlsx格式的文件(可将.xls另存为.xlsx)', 'Please use an .xlsx file (save an .xls file as .xlsx)'],
  importEmpty: ['导入文件中没有数据', 'The file contains no data'],
  importHeader: ['表头与导入模板不一致,请下载模板', 'The header row does not match the import template; please download the template'],
  importUnknown: ['未找到: {value}', 'Not found: {value}'],
  importHasErrors: ['导入文件有{n}处错误,未导入任何数据', 'The file has {n} error(s); nothing was imported'],
  // stations and devices (issue 6)
  snNotInFactory: ['序列号不存在: {sn}', 'The serial number does not exist: {sn}'],
  snInUse: ['序列号已被使用: {sn}', 'The serial number is already in use: {sn}'],
  snInvalid: ['序列号格式不正确 (4 到 64 位字母、数字、_ 或 -): {sn}', 'The serial number is not valid (4 to 64 letters, digits, _ or -): {sn}'],
  snChosenTwice: ['同一序列号只能选择一次: {sn}', 'The same serial number can be chosen only once: {sn}'],
  dateInvalid: ['日期格式不正确: {value}', 'Not a valid date: {value}'],
  // factory (exit-factory) information (issue 6)
  factorySnInUse: ['序列号已被使用,不能删除: {sn}', 'The serial number is in use and cannot be removed: {sn}'],
  factorySnLocked: ['序列号已被使用,不能修改: {sn}', 'The serial number is in use and cannot be changed: {sn}'],
  inverterSnNotFound: ['逆变器序列号不存在: {sn}', 'The inverter serial number does not exist: {sn}'],
  warrantyEndBeforeStart: ['质保结束日期不能早于质保开始日期', 'The warranty end date cannot be before the start date'],
  importTooManyRows: ['导入文件最多{max}行数据', 'An import file may hold at most {max} data rows'],
  importTooComplex: ['文件解压后过大,无法导入', 'The workbook is too large once unpacked to be imported'],
  // alarm follow-up photos (issue 14)
  alarmPhotoNotFound: ['照片不存在或不属于本租户: {id}', 'No such photo in your tenant: {id}'],
  alarmPhotoNotImage: ['跟进照片只能是图片({types}): {name}', 'A follow-up photo must be an image ({types}): {name}'],
  // workflow (issue 16): conflicts answered 409
  flowTaskNotOpen: ['任务已被办理或已结束', 'The task has already been handled or has ended'],
  flowTaskTaken: ['任务已被他人签收', 'The task has already been claimed by someone else'],
  flowTaskNotYours: ['只有任务的办理人才能办理此任务', 'Only the task\'s assignee can complete it'],
  flowInstanceNotActive: ['流程实例已结束', 'The process instance has ended'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof MESSAGES;

export function pickLang(acceptLanguage: string | undefined, queryLang?: string): Lang {
  const raw = (queryLang || acceptLanguage || '').toLowerCase();
  // Accept-Language may list several; the first language tag decides.
  const first = raw.split(',')[0]?.trim() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}

export function msg(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  const pair = MESSAGES[key];
  let text: string = lang === 'en-US' ? pair[1] : pair[0];
  if (params) {
    for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  }
  return text;
}

/** A label in both languages, as carried by resource definitions. */
export interface Label {
  zh: string;
  en: string;
}

export function label(lang: Lang, l: Label): string {
  return lang === 'en-US' ? l.en : l.zh;
}
