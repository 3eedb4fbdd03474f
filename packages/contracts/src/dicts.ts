/**
 * Dictionaries as data: the seed for blade_dict (system, shared by all tenants) and blade_dict_biz (business, per
 * tenant). Each dictionary becomes a parent row (dict_key -1) plus one child row per item; `zh` is the dict_value for
 * zh-CN and `en` for en-US. Keys are strings (Blade-X stores dict_key as varchar); where SpringBlade/BladeX ship the
 * same dictionary, the keys here match theirs.
 */

export interface DictItemSeed {
  key: string;
  zh: string;
  en: string;
  /** Defaults to the item's position (1-based). */
  sort?: number;
  /** Free-form extras (blade attribute1..3): here a stable machine slug where code needs one. */
  attribute1?: string;
  attribute2?: string;
  attribute3?: string;
}

export interface DictSeed {
  code: string;
  zh: string;
  en: string;
  items: DictItemSeed[];
}

export const SYSTEM_DICT_CODES = [
  'sex',
  'yes_no',
  'user_type',
  'org_category',
  'role_type',
  'post_category',
  'language',
  'notice',
  'menu_category',
  'button_func',
  'data_scope_type',
  'api_scope_type',
  'region',
  'oss',
  'sms',
  'datasource_category',
  'scope_category',
  'flow',
  'network_status',
  'device_usage',
  'alarm_status',
  'alarm_handle_status',
  'refresh_token_reuse',
  'alarm_severity',
  'alarm_category',
  'alarm_ack_status',
  'alarm_type',
] as const;
export type SystemDictCode = (typeof SYSTEM_DICT_CODES)[number];

/** Spec §3 "business dictionary groups kept locally": every one must be seeded. */
export const SPEC_BUSINESS_DICT_CODES = [
  'agent_project_type',
  'permit',
  'building_material_type',
  'house_type',
  'roof_type',
  'roof_material',
  'roof_occlusion',
  'solar_panels_mounting_position',
  'panel_type',
  'panel_orientation',
  'relevant_doc',
  'infrastructure',
  'infrastructure_connection_type',
  'apply_type',
  'agent_member_safety_checklist',
  'agent_ehs_tools_machinery_type',
  'inverter_type',
  'number_of_batteries',
  'delivery_type',
  'roof_physical_loose_damages',
  'agent_maint_fee_type',
] as const;

export const BUSINESS_DICT_CODES = [
  ...SPEC_BUSINESS_DICT_CODES,
  // Devices, firmware, orders
  'inverter_phase',
  'inverter_grid_type',
  'device_type',
  'firmware_type',
  'ota_version_status',
  'shipment_status',
  'stock_confirm_status',
] as const;
export type BusinessDictCode = (typeof BUSINESS_DICT_CODES)[number];

type Extra = Pick<DictItemSeed, 'attribute1' | 'attribute2' | 'attribute3'>;
type ItemRow = readonly [key: string, zh: string, en: string, extra?: Extra | string];

interface TypedDictSeed<C extends string> extends DictSeed {
  code: C;
}

/** Builds a dictionary; items are `[key, zh, en, attribute1 | {attribute1..3}]`, sorted in the order given. */
function dict<C extends string>(code: C, zh: string, en: string, rows: readonly ItemRow[]): TypedDictSeed<C> {
  return {
    code,
    zh,
    en,
    items: rows.map(([key, itemZh, itemEn, extra], i) => ({
      key,
      zh: itemZh,
      en: itemEn,
      sort: i + 1,
      ...(typeof extra === 'string' ? { attribute1: extra } : extra),
    })),
  };
}

/** Items keyed '1', '2', … in order. */
function numbered(rows: readonly (readonly [zh: string, en: string, extra?: Extra | string])[]): ItemRow[] {
  return rows.map(([zh, en, extra], i) => [String(i + 1), zh, en, extra] as const);
}

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

// ---------------------------------------------------------------------------------------------------------------
// Business dictionaries (blade_dict_biz): survey, design, EHS, QC, COC and maintenance forms, devices, shipments
// ---------------------------------------------------------------------------------------------------------------

export const BUSINESS_DICTS: TypedDictSeed<BusinessDictCode>[] = [
  dict(
    'agent_project_type',
    '项目类型',
    'Project type',
    numbered([
      ['户用光伏', 'Residential PV'],
      ['户用光储', 'Residential PV + storage'],
      ['工商业光伏', 'C&I PV'],
      ['工商业光储', 'C&I PV + storage'],
      ['储能加装', 'Battery retrofit'],
      ['离网系统', 'Off-grid system'],
      ['备用电源', 'Backup power'],
    ]),
  ),
  dict(
    'permit',
    '许可类型',
    'Permit',
    numbered([
      ['建筑许可', 'Building permit'],
      ['电气许可', 'Electrical permit'],
      ['规划许可', 'Zoning permit'],
      ['并网许可', 'Grid connection approval'],
      ['物业或业主委员会同意', 'HOA / landlord consent'],
      ['无需许可', 'No permit required'],
    ]),
  ),
  dict(
    'building_material_type',
    '建筑材料',
    'Building material',
    numbered([
      ['钢筋混凝土', 'Reinforced concrete'],
      ['砖混结构', 'Brick and masonry'],
      ['钢结构', 'Steel frame'],
      ['木结构', 'Timber frame'],
      ['轻钢结构', 'Light-gauge steel'],
      ['预制装配式', 'Prefabricated'],
      ['其他', 'Other'],
    ]),
  ),
  dict(
    'house_type',
    '房屋类型',
    'House type',
    numbered([
      ['独栋住宅', 'Detached house'],
      ['双拼住宅', 'Semi-detached house'],
      ['联排住宅', 'Terraced house / townhouse'],
      ['公寓', 'Apartment'],
      ['平房', 'Bungalow'],
      ['农村自建房', 'Rural self-built house'],
      ['工业厂房', 'Factory / warehouse'],
      ['商业建筑', 'Commercial building'],
      ['农业设施', 'Farm building'],
      ['其他', 'Other'],
    ]),
  ),
  dict(
    'roof_type',
    '屋顶类型',
    'Roof type',
    numbered([
      ['平屋顶', 'Flat roof'],
      ['双坡屋顶', 'Gable roof'],
      ['四坡屋顶', 'Hip roof'],
      ['单坡屋顶', 'Mono-pitch roof'],
      ['复折式屋顶', 'Mansard / gambrel roof'],
      ['锯齿形屋顶', 'Sawtooth roof'],
      ['拱形屋顶', 'Curved / arched roof'],
      ['其他', 'Other'],
    ]),
  ),
  dict(
    'roof_material',
    '屋面材料',
    'Roof material',
    numbered([
      ['彩钢瓦', 'Corrugated metal sheet'],
      ['直立锁边金属屋面', 'Standing-seam metal'],
      ['陶土瓦', 'Clay tile'],
      ['水泥瓦', 'Concrete tile'],
      ['沥青瓦', 'Asphalt shingle'],
      ['石板瓦', 'Slate'],
      ['混凝土屋面', 'Concrete slab'],
      ['IBR 铁皮瓦', 'IBR sheeting'],
      ['其他', 'Other'],
    ]),
  ),
  dict(
    'roof_occlusion',
    '屋顶遮挡',
    'Roof shading',
    numbered([
      ['无遮挡', 'No shading'],
      ['轻微遮挡（10%以下）', 'Light shading (under 10%)'],
      ['部分遮挡（10%-30%）', 'Partial shading (10-30%)'],
      ['严重遮挡（30%以上）', 'Heavy shading (over 30%)'],
    ]),
  ),
  dict(
    'solar_panels_mounting_position',
    '组件安装位置',
    'Panel mounting position',
    numbered([
      ['屋顶', 'Roof'],
      ['地面支架', 'Ground mount'],
      ['车棚', 'Carport'],
      ['阳台', 'Balcony'],
      ['外墙立面', 'Facade'],
      ['庭院棚架', 'Pergola'],
      ['其他', 'Other'],
    ]),
  ),
  dict(
    'panel_type',
    '组件类型',
    'Panel type',
    numbered([
      ['单晶硅', 'Monocrystalline'],
      ['多晶硅', 'Polycrystalline'],
      ['薄膜', 'Thin film'],
      ['双面双玻', 'Bifacial'],
      ['N型 TOPCon', 'N-type TOPCon'],
      ['异质结（HJT）', 'Heterojunction (HJT)'],
    ]),
  ),
  dict(
    'panel_orientation',
    '组件朝向',
    'Panel orientation',
    numbered([
      ['正南', 'South'],
      ['东南', 'South-east'],
      ['西南', 'South-west'],
      ['正东', 'East'],
      ['正西', 'West'],
      ['东西双向', 'East-west'],
      ['正北', 'North'],
      ['东北', 'North-east'],
      ['西北', 'North-west'],
    ]),
  ),
  dict(
    'relevant_doc',
    '相关文件',
    'Relevant documents',
    numbered([
      ['房产证明', 'Proof of property ownership'],
      ['身份证件', 'ID document'],
      ['电费账单', 'Electricity bill'],
      ['并网申请表', 'Grid connection application'],
      ['建筑结构图', 'Structural drawings'],
      ['电气单线图', 'Single-line diagram'],
      ['屋顶荷载报告', 'Roof load assessment'],
      ['业主授权书', 'Owner authorization letter'],
      ['其他', 'Other'],
    ]),
  ),
  dict(
    'infrastructure',
    '供电基础设施',
    'Power infrastructure',
    numbered([
      ['单相电网供电', 'Single-phase grid supply'],
      ['三相电网供电', 'Three-phase grid supply'],
      ['弱电网（频繁停电）', 'Weak grid (frequent outages)'],
      ['离网（无电网）', 'Off-grid (no grid)'],
      ['微电网', 'Mini-grid'],
    ]),
  ),
  dict(
    'infrastructure_connection_type',
    '接入方式',
    'Connection type',
    numbered([
      ['单相两线制', 'Single-phase two-wire'],
      ['分相三线制', 'Split-phase three-wire'],
      ['三相三线制', 'Three-phase three-wire'],
      ['三相四线制', 'Three-phase four-wire'],
      ['架空进线', 'Overhead service'],
      ['地埋电缆进线', 'Underground service'],
    ]),
  ),
  dict(
    'apply_type',
    '安装类型',
    'Installation type',
    numbered([
      ['新装', 'New installation'],
      ['系统扩容', 'System expansion'],
      ['储能加装', 'Battery retrofit'],
      ['设备更换', 'Equipment replacement'],
      ['系统迁移', 'System relocation'],
    ]),
  ),
  dict(
    'agent_member_safety_checklist',
    '安全防护装备',
    'Safety equipment checklist',
    numbered([
      ['安全帽', 'Safety helmet'],
      ['安全带及防坠落装置', 'Fall-arrest harness'],
      ['绝缘手套', 'Insulated gloves'],
      ['绝缘安全鞋', 'Insulated safety boots'],
      ['护目镜', 'Safety glasses'],
      ['反光背心', 'High-visibility vest'],
      ['绝缘工具', 'Insulated tools'],
      ['验电器', 'Voltage tester'],
      ['急救箱', 'First aid kit'],
      ['灭火器', 'Fire extinguisher'],
    ]),
  ),
  dict(
    'agent_ehs_tools_machinery_type',
    '工具与机械',
    'Tools and machinery',
    numbered([
      ['梯子', 'Ladder'],
      ['脚手架', 'Scaffolding'],
      ['高空作业平台', 'Aerial work platform'],
      ['吊车', 'Crane'],
      ['电钻', 'Power drill'],
      ['角磨机', 'Angle grinder'],
      ['切割机', 'Cut-off saw'],
      ['移动发电机', 'Portable generator'],
      ['万用表', 'Multimeter'],
      ['绝缘电阻测试仪', 'Insulation resistance tester'],
    ]),
  ),
  dict(
    'inverter_type',
    '逆变器类型',
    'Inverter type',
    numbered([
      ['并网组串式逆变器', 'Grid-tied string inverter'],
      ['混合逆变器', 'Hybrid inverter'],
      ['离网逆变器', 'Off-grid inverter'],
      ['微型逆变器', 'Microinverter'],
      ['储能变流器（PCS）', 'Battery inverter (PCS)'],
    ]),
  ),
  dict(
    'number_of_batteries',
    '电池数量',
    'Number of batteries',
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [String(n), `${n} 块`, n === 1 ? '1 battery' : `${n} batteries`] as const),
  ),
  dict(
    'delivery_type',
    '交付方式',
    'Delivery type',
    numbered([
      ['快递', 'Courier'],
      ['物流货运', 'Freight'],
      ['客户自提', 'Customer pickup'],
      ['安装商送达', 'Delivered by installer'],
      ['电子邮件', 'Email'],
    ]),
  ),
  dict(
    'roof_physical_loose_damages',
    '屋面物理损坏',
    'Roof damage',
    numbered([
      ['无损坏', 'No damage'],
      ['瓦片破损', 'Broken tiles'],
      ['瓦片松动', 'Loose tiles'],
      ['渗漏水', 'Leaks'],
      ['金属锈蚀', 'Rust / corrosion'],
      ['屋面下垂变形', 'Sagging or deformation'],
      ['檩条椽子腐朽', 'Rotten rafters or purlins'],
      ['防水层老化', 'Aged waterproofing'],
      ['其他', 'Other'],
    ]),
  ),
  dict(
    'agent_maint_fee_type',
    '运维费用类型',
    'Maintenance fee type',
    numbered([
      ['保内免费', 'Free (under warranty)'],
      ['保外收费', 'Chargeable (out of warranty)'],
      ['仅收上门费', 'Call-out fee only'],
      ['运维合同', 'Maintenance contract'],
    ]),
  ),

  // Devices and firmware
  dict(
    'inverter_phase',
    '逆变器相数',
    'Inverter phase',
    numbered([
      ['单相', 'Single phase'],
      ['三相', 'Three phase'],
    ]),
  ),
  dict(
    'inverter_grid_type',
    '逆变器并网类型',
    'Inverter grid type',
    numbered([
      ['离网', 'Off-grid'],
      ['并网', 'On-grid'],
      ['混合', 'Hybrid'],
    ]),
  ),
  // attribute1 = device type slug used by the API (deviceType)
  dict(
    'device_type',
    '设备类型',
    'Device type',
    numbered([
      ['逆变器', 'Inverter', 'inverter'],
      ['电池', 'Battery', 'battery'],
      ['安全卫士', 'Guardian', 'guardian'],
      ['充电桩', 'EV charger', 'charger'],
    ]),
  ),
  // attribute1 = firmware slug
  dict(
    'firmware_type',
    '固件类型',
    'Firmware type',
    numbered([
      ['主机固件', 'Master firmware', 'master'],
      ['从机固件', 'Slave firmware', 'slave'],
      ['EMS 固件', 'EMS firmware', 'ems'],
      ['DCDC 固件', 'DC-DC firmware', 'dcdc'],
      ['BMS 固件', 'BMS firmware', 'bms'],
      ['通信模块固件', 'Communication module firmware', 'comm'],
    ]),
  ),
  dict(
    'ota_version_status',
    '版本状态',
    'Version status',
    numbered([
      ['草稿', 'Draft', 'draft'],
      ['测试中', 'Testing', 'testing'],
      ['已发布', 'Released', 'released'],
      ['已停用', 'Withdrawn', 'withdrawn'],
    ]),
  ),

  // Orders
  dict(
    'shipment_status',
    '发货状态',
    'Shipment status',
    numbered([
      ['未发货', 'Unshipped', 'unshipped'],
      ['已发货', 'Shipped', 'shipped'],
      ['已签收', 'Signed', 'signed'],
      ['已取消', 'Cancelled', 'cancelled'],
      ['丢失或损坏', 'Lost or damaged', 'loss_damage'],
    ]),
  ),
  dict(
    'stock_confirm_status',
    '库存确认状态',
    'Stock confirmation',
    numbered([
      ['库存已确认', 'Confirmed', 'confirmed'],
      ['库存不足', 'Insufficient', 'insufficient'],
    ]),
  ),
];

/** All dictionaries, system first. */
export const ALL_DICTS: readonly DictSeed[] = [...SYSTEM_DICTS, ...BUSINESS_DICTS];
