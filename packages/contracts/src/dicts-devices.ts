/**
 * Business dictionaries (blade_dict_biz, per tenant), the rest of dicts-business.ts (which lists them last, in this
 * order): devices and firmware, shipments, stock confirmation, SKU types, agent companies.
 */
import { dict, numbered, type TypedDictSeed } from './dict-builder.js';
import type { BusinessDictCode } from './dict-codes.js';

export const DEVICE_STOCK_AGENT_DICTS: TypedDictSeed<BusinessDictCode>[] = [
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

  // Stock (issue 17)
  dict(
    'sku_type',
    'SKU类型',
    'SKU type',
    numbered([
      ['逆变器', 'Inverter', 'inverter'],
      ['电池', 'Battery', 'battery'],
      ['光伏组件', 'Solar panel', 'panel'],
      ['支架', 'Mounting', 'mounting'],
      ['线缆', 'Cable', 'cable'],
      ['断路器', 'Breaker', 'breaker'],
      ['防护器', 'Guardian', 'guardian'],
      ['其他', 'Other', 'other'],
    ]),
  ),

  // Agents (issue 17)
  dict(
    'agent_type',
    '代理商类型',
    'Agent type',
    numbered([
      ['经销商', 'Distributor', 'distributor'],
      ['安装商', 'Installer', 'installer'],
      ['经销安装商', 'Distributor and installer', 'distributor_installer'],
      ['服务商', 'Service provider', 'service'],
    ]),
  ),
  dict(
    'agent_id_type',
    '证件类型',
    'ID type',
    numbered([
      ['身份证', 'ID card', 'id_card'],
      ['护照', 'Passport', 'passport'],
      ['港澳台通行证', 'Travel permit', 'travel_permit'],
      ['其他', 'Other', 'other'],
    ]),
  ),
];
