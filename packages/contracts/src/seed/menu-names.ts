/**
 * Display names and icons for every area, page and button action in `permissions.ts`. The menu seed writes `zh` into
 * `blade_menu.name` and `icon` into `source`; the web uses `en` when the language is en-US.
 *
 * Icons are component names from @ant-design/icons v5 (checked by seed.test.ts).
 */
import type { AreaCode, ButtonAction, PageCode } from '../permissions.js';

export interface DisplayName {
  zh: string;
  en: string;
}

export interface MenuName extends DisplayName {
  /** @ant-design/icons component name, e.g. 'ThunderboltOutlined'. */
  icon: string;
}

/**
 * Names of every area code and page code, in menu order. Typed by string so callers can look up a code from the
 * database; the `satisfies` clause makes the compiler require every AreaCode and PageCode and reject unknown keys.
 */
export const MENU_NAMES: Record<string, MenuName> = {
  // Stations and equipment
  station: { zh: '电站设备', en: 'Stations & equipment', icon: 'ThunderboltOutlined' },
  power_station: { zh: '电站管理', en: 'Power stations', icon: 'HomeOutlined' },
  inverter: { zh: '逆变器', en: 'Inverters', icon: 'SwapOutlined' },
  battery: { zh: '电池', en: 'Batteries', icon: 'HddOutlined' },
  charge: { zh: '充电桩', en: 'EV chargers', icon: 'CarOutlined' },
  guardian: { zh: '安全卫士', en: 'Guardians', icon: 'SafetyCertificateOutlined' },
  alarm: { zh: '告警管理', en: 'Alarms', icon: 'AlertOutlined' },
  alarm_rule: { zh: '告警规则', en: 'Alarm rules', icon: 'ControlOutlined' },
  inverter_factory: { zh: '逆变器出厂信息', en: 'Inverter factory info', icon: 'ProfileOutlined' },
  battery_factory: { zh: '电池出厂信息', en: 'Battery factory info', icon: 'ContainerOutlined' },
  guardian_factory: { zh: '安全卫士出厂信息', en: 'Guardian factory info', icon: 'FileProtectOutlined' },
  charger_factory: { zh: '充电桩出厂信息', en: 'EV charger factory info', icon: 'FileTextOutlined' },

  // Configuration
  config: { zh: '配置管理', en: 'Configuration', icon: 'SlidersOutlined' },
  matching_list: { zh: '版本匹配列表', en: 'Version matching list', icon: 'LinkOutlined' },
  factory_version: { zh: '出厂版本', en: 'Factory versions', icon: 'TagsOutlined' },
  app_update: { zh: '固件升级', en: 'Firmware updates', icon: 'CloudSyncOutlined' },
  protocol_mapping: { zh: '协议地址映射', en: 'Protocol mapping', icon: 'NodeIndexOutlined' },
  ota: { zh: 'OTA升级包', en: 'OTA packages', icon: 'CloudUploadOutlined' },
  app_menu: { zh: 'App设置项配置', en: 'App setting items', icon: 'AppstoreOutlined' },
  setting_approval: { zh: '参数下发审批', en: 'Setting approvals', icon: 'AuditOutlined' },

  // EPC orders, agents, stock
  epc: { zh: 'EPC业务', en: 'EPC projects', icon: 'ProjectOutlined' },
  epc_order: { zh: '订单管理', en: 'Orders', icon: 'SolutionOutlined' },
  epc_agent: { zh: '代理商管理', en: 'Agents', icon: 'TeamOutlined' },
  epc_stock: { zh: '库存管理', en: 'Stock', icon: 'InboxOutlined' },
  epc_material: { zh: '物料管理', en: 'Materials', icon: 'BuildOutlined' },
  epc_package: { zh: '基础套餐', en: 'Base packages', icon: 'AppstoreAddOutlined' },
  epc_maintenance: { zh: '运维工单', en: 'Maintenance', icon: 'ToolOutlined' },

  // My work (workflow tasks)
  work: { zh: '我的事务', en: 'My work', icon: 'ScheduleOutlined' },
  work_start: { zh: '发起事务', en: 'Start a process', icon: 'PlayCircleOutlined' },
  work_claim: { zh: '待签事务', en: 'To claim', icon: 'AuditOutlined' },
  work_todo: { zh: '待办事务', en: 'To do', icon: 'ClockCircleOutlined' },
  work_send: { zh: '已发事务', en: 'Started by me', icon: 'SendOutlined' },
  work_done: { zh: '办结事务', en: 'Completed', icon: 'CheckCircleOutlined' },

  // Workflow engine
  flow: { zh: '流程管理', en: 'Workflow', icon: 'PartitionOutlined' },
  flow_model: { zh: '模型管理', en: 'Process models', icon: 'BranchesOutlined' },
  flow_manager: { zh: '部署管理', en: 'Deployments', icon: 'DeploymentUnitOutlined' },
  flow_follow: { zh: '流程跟踪', en: 'Process tracking', icon: 'FundProjectionScreenOutlined' },

  // Workbench
  desk: { zh: '工作台', en: 'Workbench', icon: 'DesktopOutlined' },
  notice: { zh: '通知公告', en: 'Notices', icon: 'NotificationOutlined' },

  // Resources
  resource: { zh: '资源管理', en: 'Resources', icon: 'CloudOutlined' },
  oss: { zh: '对象存储', en: 'Object storage', icon: 'CloudServerOutlined' },
  attach: { zh: '附件管理', en: 'Attachments', icon: 'PaperClipOutlined' },
  sms: { zh: '短信配置', en: 'SMS', icon: 'MessageOutlined' },
  mail: { zh: '邮件配置', en: 'Mail', icon: 'InboxOutlined' },

  // Monitoring
  monitor: { zh: '系统监控', en: 'Monitoring', icon: 'DashboardOutlined' },
  log_usual: { zh: '通用日志', en: 'General logs', icon: 'FileTextOutlined' },
  log_api: { zh: '接口日志', en: 'API logs', icon: 'FileSearchOutlined' },
  log_error: { zh: '错误日志', en: 'Error logs', icon: 'BugOutlined' },
  api_doc: { zh: '接口文档', en: 'API docs', icon: 'ApiOutlined' },

  // Developer tools
  tool: { zh: '研发工具', en: 'Developer tools', icon: 'ExperimentOutlined' },
  code: { zh: '代码生成', en: 'Code generator', icon: 'CodeOutlined' },
  model: { zh: '数据模型', en: 'Data models', icon: 'TableOutlined' },
  datasource: { zh: '数据源管理', en: 'Data sources', icon: 'DatabaseOutlined' },

  // Reports
  report: { zh: '报表管理', en: 'Reports', icon: 'BarChartOutlined' },
  report_list: { zh: '报表列表', en: 'Report list', icon: 'FundOutlined' },

  // Basic settings
  base: { zh: '基础配置', en: 'Basic settings', icon: 'ControlOutlined' },
  region: { zh: '行政区划', en: 'Regions', icon: 'GlobalOutlined' },

  // Authorisation
  authority: { zh: '权限管理', en: 'Authorization', icon: 'SafetyOutlined' },
  role: { zh: '角色管理', en: 'Roles', icon: 'UserSwitchOutlined' },
  data_scope: { zh: '数据权限', en: 'Data scopes', icon: 'FilterOutlined' },
  api_scope: { zh: '接口权限', en: 'API scopes', icon: 'KeyOutlined' },

  // System administration
  system: { zh: '系统管理', en: 'System', icon: 'SettingOutlined' },
  user: { zh: '用户管理', en: 'Users', icon: 'UserOutlined' },
  dept: { zh: '部门管理', en: 'Departments', icon: 'ApartmentOutlined' },
  post: { zh: '岗位管理', en: 'Posts', icon: 'IdcardOutlined' },
  dict: { zh: '系统字典', en: 'System dictionaries', icon: 'BookOutlined' },
  dictbiz: { zh: '业务字典', en: 'Business dictionaries', icon: 'ReadOutlined' },
  menu: { zh: '菜单管理', en: 'Menus', icon: 'MenuOutlined' },
  topmenu: { zh: '顶部菜单', en: 'Top menus', icon: 'LayoutOutlined' },
  param: { zh: '参数管理', en: 'Parameters', icon: 'FormOutlined' },
  tenant: { zh: '租户管理', en: 'Tenants', icon: 'BankOutlined' },
  tenant_package: { zh: '租户产品包', en: 'Tenant packages', icon: 'GiftOutlined' },
  client: { zh: '应用管理', en: 'OAuth clients', icon: 'AppstoreAddOutlined' },
} satisfies Record<AreaCode | PageCode, MenuName>;

/** Default name and icon of each button action (blade_menu category 2 rows). */
export const BUTTON_NAMES: Record<ButtonAction, MenuName> = {
  add: { zh: '新增', en: 'Add', icon: 'PlusOutlined' },
  edit: { zh: '修改', en: 'Edit', icon: 'EditOutlined' },
  delete: { zh: '删除', en: 'Delete', icon: 'DeleteOutlined' },
  view: { zh: '查看', en: 'View', icon: 'EyeOutlined' },
  import: { zh: '导入', en: 'Import', icon: 'ImportOutlined' },
  export: { zh: '导出', en: 'Export', icon: 'ExportOutlined' },
  role: { zh: '角色配置', en: 'Assign roles', icon: 'UserSwitchOutlined' },
  reset: { zh: '密码重置', en: 'Reset password', icon: 'KeyOutlined' },
  unlock: { zh: '账号解封', en: 'Unlock', icon: 'UnlockOutlined' },
  platform: { zh: '平台配置', en: 'Platform settings', icon: 'LaptopOutlined' },
  setting: { zh: '权限设置', en: 'Settings', icon: 'SettingOutlined' },
  grant: { zh: '授权', en: 'Grant', icon: 'SafetyOutlined' },
  enable: { zh: '启用', en: 'Enable', icon: 'CheckCircleOutlined' },
  debug: { zh: '调试', en: 'Debug', icon: 'BugOutlined' },
  send: { zh: '发送', en: 'Send', icon: 'SendOutlined' },
  deploy: { zh: '部署', en: 'Deploy', icon: 'DeploymentUnitOutlined' },
  handle: { zh: '处理', en: 'Handle', icon: 'AuditOutlined' },
  upgrade: { zh: '升级', en: 'Upgrade', icon: 'RocketOutlined' },
  issue: { zh: '下发', en: 'Send to device', icon: 'DeliveredProcedureOutlined' },
  unbind: { zh: '解绑', en: 'Unbind', icon: 'DisconnectOutlined' },
  copy: { zh: '复制', en: 'Copy', icon: 'CopyOutlined' },
  gen: { zh: '代码生成', en: 'Generate code', icon: 'CodeOutlined' },
  approve: { zh: '注册审核', en: 'Approve registrations', icon: 'AuditOutlined' },
};

/**
 * Button names that differ from the action default on a particular page, keyed by permission code
 * (`<page>_<action>`). The menu seed should prefer these over BUTTON_NAMES; the icon stays the action's.
 */
export const BUTTON_NAME_OVERRIDES: Readonly<Record<string, DisplayName>> = {
  inverter_setting: { zh: '高级设置', en: 'Advanced settings' },
  inverter_issue: { zh: '参数下发', en: 'Send settings' },
  guardian_setting: { zh: '告警阈值设置', en: 'Alarm thresholds' },
  guardian_issue: { zh: '保护指令下发', en: 'Send protection command' },
  app_update_upgrade: { zh: '固件升级', en: 'Upgrade firmware' },
  setting_approval_approve: { zh: '审批', en: 'Approve or reject' },
  epc_order_handle: { zh: '办理', en: 'Process' },
  epc_maintenance_handle: { zh: '办理', en: 'Process' },
  work_claim_handle: { zh: '签收', en: 'Claim' },
  work_todo_handle: { zh: '办理', en: 'Process' },
  flow_manager_setting: { zh: '变更状态', en: 'Change state' },
  region_debug: { zh: '级联调试', en: 'Test cascade' },
  sms_send: { zh: '发送测试', en: 'Send test' },
  mail_send: { zh: '发送测试', en: 'Send test' },
  datasource_debug: { zh: '连接测试', en: 'Test connection' },
  oss_debug: { zh: '上传测试', en: 'Test upload' },
  data_scope_setting: { zh: '权限配置', en: 'Configure scopes' },
  api_scope_setting: { zh: '权限配置', en: 'Configure scopes' },
  topmenu_setting: { zh: '菜单配置', en: 'Assign menus' },
  tenant_setting: { zh: '授权配置', en: 'License settings' },
};
