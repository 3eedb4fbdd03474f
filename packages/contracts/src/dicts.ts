/**
 * Dictionaries as data: the seed for blade_dict (system, shared by all tenants) and blade_dict_biz (business, per
 * tenant). Each dictionary becomes a parent row (dict_key -1) plus one child row per item; `zh` is the dict_value for
 * zh-CN and `en` for en-US. Keys are strings (Blade-X stores dict_key as varchar); where SpringBlade/BladeX ship the
 * same dictionary, the keys here match theirs.
 */
import { dict, type DictSeed, type TypedDictSeed } from './dict-builder.js';
import { BUSINESS_DICTS } from './dicts-business.js';
import type { SystemDictCode } from './dict-codes.js';

export type { DictItemSeed, DictSeed } from './dict-builder.js';
export { BUSINESS_DICTS } from './dicts-business.js';

export { BUSINESS_DICT_CODES, SPEC_BUSINESS_DICT_CODES, SYSTEM_DICT_CODES } from './dict-codes.js';
export type { BusinessDictCode, SystemDictCode } from './dict-codes.js';

// ---------------------------------------------------------------------------------------------------------------
// System dictionaries (blade_dict)
// ---------------------------------------------------------------------------------------------------------------

export const SYSTEM_DICTS: TypedDictSeed<SystemDictCode>[] = [
  dict('sex', '性别', 'Sex', [
    ['1', '男', 'Male'],
    ['2', '女', 'Female'],
    ['3', '未知', 'Unknown'],
  ]),
  // Blade convention: 1 = no, 2 = yes (blade_menu.is_open uses it).
  dict('yes_no', '是否', 'Yes / No', [
    ['1', '否', 'No'],
    ['2', '是', 'Yes'],
  ]),
  dict('user_type', '用户平台', 'User type', [
    ['1', '普通用户', 'Ordinary'],
    ['2', '平台用户', 'Platform'],
  ]),
  dict('org_category', '机构类型', 'Organization category', [
    ['1', '公司', 'Company'],
    ['2', '部门', 'Department'],
    ['3', '小组', 'Team'],
  ]),
  dict('role_type', '角色类型', 'Role type', [
    ['1', '系统角色', 'System'],
    ['2', '业务角色', 'Business'],
    ['3', '代理商角色', 'Agent'],
    ['4', '安装商角色', 'Installer'],
    ['5', '业主角色', 'Homeowner'],
  ]),
  dict('post_category', '岗位类型', 'Post category', [
    ['1', '高层', 'Senior management'],
    ['2', '中层', 'Middle management'],
    ['3', '基层', 'Staff'],
    ['4', '其他', 'Other'],
  ]),
  dict('language', '语言', 'Language', [
    ['zh-CN', '简体中文', 'Chinese'],
    ['en-US', '英文', 'English'],
  ]),
  dict('notice', '通知类型', 'Notice type', [
    ['1', '发布通知', 'Announcement'],
    ['2', '批转通知', 'Approved and forwarded'],
    ['3', '转发通知', 'Forwarded'],
    ['4', '指示通知', 'Directive'],
    ['5', '任命通知', 'Appointment'],
    ['6', '会议通知', 'Meeting'],
  ]),
  dict('menu_category', '菜单类型', 'Menu category', [
    ['1', '菜单', 'Menu'],
    ['2', '按钮', 'Button'],
  ]),
  dict('button_func', '按钮功能', 'Button position', [
    ['1', '工具栏', 'Toolbar'],
    ['2', '操作栏', 'Row'],
    ['3', '工具操作栏', 'Toolbar and row'],
  ]),
  dict('data_scope_type', '数据权限类型', 'Data scope type', [
    ['1', '全部可见', 'All'],
    ['2', '本人可见', 'Own'],
    ['3', '所在机构可见', 'Own department'],
    ['4', '所在机构及子级可见', 'Department and children'],
    ['5', '自定义', 'Custom'],
  ]),
  dict('api_scope_type', '接口权限类型', 'API scope type', [
    ['1', '系统接口', 'System API'],
    ['2', '业务接口', 'Business API'],
  ]),
  dict('region', '行政区划级别', 'Region level', [
    ['0', '国家', 'Country'],
    ['1', '省份', 'Province'],
    ['2', '地市', 'City'],
    ['3', '区县', 'District'],
    ['4', '乡镇', 'Town'],
    ['5', '村委', 'Village'],
  ]),
  // attribute1 = storage driver
  dict('oss', '对象存储类型', 'Object storage type', [
    ['1', '本地存储', 'Local storage', 'local'],
    ['2', 'MinIO 对象存储', 'MinIO', 'minio'],
    ['3', '亚马逊 S3', 'Amazon S3', 's3'],
    ['4', '阿里云 OSS', 'Alibaba Cloud OSS', 'aliyun'],
    ['5', '腾讯云 COS', 'Tencent Cloud COS', 'tencent'],
  ]),
  // attribute1 = SMS driver
  dict('sms', '短信服务类型', 'SMS provider', [
    ['1', '日志输出', 'Log output', 'log'],
    ['2', '阿里云短信', 'Alibaba Cloud SMS', 'aliyun'],
    ['3', '腾讯云短信', 'Tencent Cloud SMS', 'tencent'],
    ['4', '通用 HTTP 网关', 'Generic HTTP gateway', 'http'],
  ]),
  dict('datasource_category', '数据源类型', 'Data source type', [['1', 'PostgreSQL 数据库', 'PostgreSQL', 'postgresql']]),
  dict('scope_category', '权限类型', 'Scope category', [
    ['1', '数据权限', 'Data scope'],
    ['2', '接口权限', 'API scope'],
  ]),
  // attribute1 = process definition key prefix
  dict('flow', '流程类型', 'Workflow category', [
    ['1', '请假流程', 'Leave', 'process_leave'],
    ['2', '报销流程', 'Expense', 'process_expense'],
    ['3', '工单流程', 'Work order', 'process_work_order'],
  ]),
  dict('network_status', '电站网络状态', 'Network status', [
    ['0', '正常', 'Normal'],
    ['1', '离线', 'Disconnected'],
    ['2', '故障', 'Fault'],
  ]),
  dict('device_usage', '设备使用状态', 'Device usage', [
    ['0', '未使用', 'Unused'],
    ['1', '已使用', 'Used'],
  ]),
  dict('alarm_status', '告警状态', 'Alarm status', [
    ['0', '告警中', 'Active'],
    ['1', '已恢复', 'Recovered'],
  ]),
  dict('alarm_handle_status', '告警处理状态', 'Alarm handling status', [
    ['0', '未处理', 'Unhandled'],
    ['1', '处理中', 'In progress'],
    ['2', '已处理', 'Resolved'],
    ['3', '已忽略', 'Ignored'],
  ]),
  // OAuth clients (blade_client.refresh_token_reuse): what a refresh token that was already used is worth.
  dict('refresh_token_reuse', '刷新令牌重用', 'Refresh token reuse', [
    ['strict', '严格：重用已轮换的令牌即注销会话', 'Strict: reusing a rotated token ends the session'],
    ['lenient', 'Blade 兼容：会话内未过期的令牌均可刷新', 'Blade compatible: any unexpired token of a live session'],
  ]),
  // Alarms (issue 14): severity = helio_alarm.level; categories of the alarm catalogue; acknowledgement; alarm kind.
  dict('alarm_severity', '告警级别', 'Alarm severity', [
    ['4', '紧急', 'Critical'],
    ['3', '重要', 'Major'],
    ['2', '次要', 'Minor'],
    ['1', '提示', 'Warning'],
  ]),
  dict('alarm_category', '告警类别', 'Alarm category', [
    ['grid', '电网', 'Grid'],
    ['pv', '光伏', 'PV'],
    ['battery', '电池', 'Battery'],
    ['insulation', '绝缘', 'Insulation'],
    ['temperature', '温度', 'Temperature'],
    ['communication', '通讯', 'Communication'],
    ['safety', '安全', 'Safety'],
    ['device', '设备', 'Equipment'],
  ]),
  dict('alarm_ack_status', '告警确认状态', 'Alarm acknowledgement', [
    ['0', '未确认', 'Unacknowledged'],
    ['1', '已确认', 'Acknowledged'],
  ]),
  dict('alarm_type', '告警类型', 'Alarm type', [
    ['1', '设备故障', 'Device fault'],
    ['2', '设备告警', 'Device warning'],
    ['3', '设备离线', 'Offline'],
    ['4', '阈值规则', 'Threshold rule'],
    ['5', '平台诊断', 'Platform diagnosis'],
  ]),
];

/** All dictionaries, system first. */
export const ALL_DICTS: readonly DictSeed[] = [...SYSTEM_DICTS, ...BUSINESS_DICTS];
