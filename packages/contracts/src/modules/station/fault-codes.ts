/**
 * Device fault and warning codes (docs/device-protocol.md), with their names and remedies in both languages. Inverter
 * codes 1–16 follow SunSpec model 101–103 `Evt1` bits; 100s are battery (BMS), 200s guardian, 300s EV charger;
 * 9000+ are raised by the platform itself. Levels: 1 info, 2 minor, 3 major, 4 critical.
 */
export interface FaultCode {
  code: number;
  level: 1 | 2 | 3 | 4;
  zh: string;
  en: string;
  solutionZh: string;
  solutionEn: string;
}

const f = (code: number, level: FaultCode['level'], zh: string, en: string, solutionZh: string, solutionEn: string): FaultCode => ({
  code,
  level,
  zh,
  en,
  solutionZh,
  solutionEn,
});

export const FAULT_CODES: readonly FaultCode[] = [
  f(1, 4, '接地故障', 'Ground fault', '检查组串与外壳的绝缘，排查破损线缆后重启。', 'Check string-to-frame insulation and damaged cables, then restart.'),
  f(2, 3, '直流过压', 'DC over-voltage', '核对组串开路电压是否超过逆变器上限，减少串联组件数量。', 'Check the string open-circuit voltage against the inverter limit; shorten the string.'),
  f(3, 2, '交流侧断开', 'AC disconnected', '检查交流断路器与并网开关是否闭合。', 'Check that the AC breaker and grid switch are closed.'),
  f(4, 2, '直流侧断开', 'DC disconnected', '检查直流开关与组串连接器。', 'Check the DC isolator and string connectors.'),
  f(5, 3, '电网失压', 'Grid lost', '确认电网是否停电；恢复供电后设备将自动并网。', 'Check for a grid outage; the inverter reconnects when the grid returns.'),
  f(6, 1, '机箱打开', 'Cabinet open', '关闭并锁好机箱门。', 'Close and lock the cabinet door.'),
  f(7, 1, '手动关机', 'Manual shutdown', '确认关机原因后在设备或平台上重新开机。', 'Confirm why it was shut down, then start it again on site or remotely.'),
  f(8, 3, '过温', 'Over-temperature', '检查通风与风扇，清洁散热器，避免阳光直射。', 'Check ventilation and fans, clean the heat sink, shade the unit.'),
  f(9, 2, '电网过频', 'Grid over-frequency', '多为电网波动，持续出现请联系电网公司并核对并网参数。', 'Usually a grid disturbance; if persistent, check grid-code settings with the utility.'),
  f(10, 2, '电网欠频', 'Grid under-frequency', '多为电网波动，持续出现请核对并网参数。', 'Usually a grid disturbance; if persistent, check grid-code settings.'),
  f(11, 3, '电网过压', 'Grid over-voltage', '检查并网点电压与线缆线径，必要时调整过压保护阈值。', 'Check the voltage at the connection point and cable sizing; review the over-voltage setting.'),
  f(12, 2, '电网欠压', 'Grid under-voltage', '检查并网点电压与接线端子。', 'Check the voltage at the connection point and terminals.'),
  f(13, 3, '组串熔丝熔断', 'String fuse blown', '断开直流后更换熔丝并检查该组串。', 'Isolate DC, replace the fuse and inspect the string.'),
  f(14, 2, '低温', 'Under-temperature', '环境温度过低，待温度回升后自动恢复。', 'Ambient too cold; resumes automatically when it warms up.'),
  f(15, 3, '存储器丢失', 'Memory loss', '重启设备；反复出现请升级固件或返厂。', 'Restart; if it recurs, update the firmware or return the unit.'),
  f(16, 4, '硬件自检失败', 'Hardware self-test failed', '重启设备；反复出现请联系售后更换。', 'Restart; if it recurs, contact service for a replacement.'),
  f(17, 4, '直流电弧故障', 'DC arc fault', '立即断开直流，检查连接器与线缆后再复位。', 'Isolate DC at once; inspect connectors and cables before resetting.'),
  f(18, 2, '风扇故障', 'Fan failure', '检查风扇是否堵转并更换。', 'Check the fan for blockage and replace it.'),
  f(19, 3, '继电器自检失败', 'Relay check failed', '检查交流接线后重启，反复出现需更换继电器板。', 'Check AC wiring and restart; if it recurs, replace the relay board.'),
  f(20, 3, '绝缘阻抗低', 'Low insulation resistance', '雨后常见；持续出现请逐串排查对地绝缘。', 'Common after rain; if persistent, test each string to earth.'),
  f(21, 3, '漏电流过大', 'Residual current high', '检查组串与交流侧对地漏电。', 'Check strings and AC side for leakage to earth.'),
  f(101, 3, '单体过压', 'Cell over-voltage', '停止充电，检查 BMS 均衡与充电参数。', 'Stop charging; check BMS balancing and charge settings.'),
  f(102, 3, '单体欠压', 'Cell under-voltage', '尽快为电池补电，检查放电截止 SOC 设置。', 'Recharge soon; check the discharge cut-off SoC.'),
  f(103, 3, '电池过温', 'Battery over-temperature', '检查电池柜通风与环境温度。', 'Check battery cabinet ventilation and ambient temperature.'),
  f(104, 2, '电池低温', 'Battery under-temperature', '低温下限制充放电，温度回升后恢复。', 'Charging is limited while cold; resumes when it warms up.'),
  f(105, 3, '充电过流', 'Charge over-current', '检查逆变器充电电流设置。', 'Check the inverter charge-current setting.'),
  f(106, 3, '放电过流', 'Discharge over-current', '检查负载是否超过电池放电能力。', 'Check that loads do not exceed the battery discharge rating.'),
  f(107, 3, 'BMS 通讯中断', 'BMS communication lost', '检查逆变器与电池间的 CAN/485 通讯线。', 'Check the CAN/RS-485 cable between inverter and battery.'),
  f(108, 2, '单体不均衡', 'Cell imbalance', '执行满充均衡；持续出现请联系售后。', 'Run a full-charge balance; contact service if it persists.'),
  f(109, 4, '电池绝缘故障', 'Battery insulation fault', '立即停机并联系售后。', 'Shut down at once and contact service.'),
  f(201, 3, '过压跳闸', 'Over-voltage trip', '检查进线电压，恢复后远程或现场合闸。', 'Check the supply voltage, then close the breaker remotely or on site.'),
  f(202, 2, '欠压跳闸', 'Under-voltage trip', '检查进线电压，恢复后合闸。', 'Check the supply voltage, then close the breaker.'),
  f(203, 3, '过流跳闸', 'Over-current trip', '排查过载或短路后再合闸。', 'Find the overload or short circuit before closing again.'),
  f(204, 4, '漏电跳闸', 'Residual current trip', '排查漏电回路，确认安全后再合闸。', 'Find the leaking circuit; close only when it is safe.'),
  f(205, 3, '过温跳闸', 'Over-temperature trip', '检查接线端子是否松动发热。', 'Check terminals for looseness and overheating.'),
  f(206, 3, '缺相', 'Phase loss', '检查三相进线。', 'Check the three incoming phases.'),
  f(207, 2, '闸位异常', 'Gate position fault', '现场检查操作机构。', 'Inspect the operating mechanism on site.'),
  f(301, 4, '急停按下', 'Emergency stop pressed', '确认安全后复位急停按钮。', 'When safe, release the emergency stop.'),
  f(302, 4, '充电接地故障', 'Charger ground fault', '检查充电桩接地。', 'Check the charger earthing.'),
  f(303, 3, '充电过流', 'Charging over-current', '检查车辆与充电枪。', 'Check the vehicle and the connector.'),
  f(304, 3, '充电桩过温', 'Charger over-temperature', '检查散热与环境温度。', 'Check cooling and ambient temperature.'),
  f(305, 2, '车辆通讯中断', 'Vehicle communication lost', '重新插枪。', 'Re-plug the connector.'),
  f(306, 4, '继电器粘连', 'Relay welded', '停止使用并联系售后。', 'Stop using it and contact service.'),
  f(9000, 3, '设备故障状态', 'Device in fault state', '查看设备事件列表中的故障详情。', 'See the device event list for the fault details.'),
  f(9001, 2, '设备离线', 'Device offline', '检查设备供电、网络与通讯模块。', 'Check the device power supply, network and communication module.'),
];

export const FAULT_CODE_MAP: ReadonlyMap<number, FaultCode> = new Map(FAULT_CODES.map((c) => [c.code, c]));

/** Platform-raised codes. */
export const FAULT_STATE_CODE = 9000;
export const OFFLINE_CODE = 9001;

export function faultName(code: number, lang: string): string {
  const c = FAULT_CODE_MAP.get(code);
  if (!c) return lang.startsWith('en') ? `Code ${code}` : `代码 ${code}`;
  return lang.startsWith('en') ? c.en : c.zh;
}

export function faultSolution(code: number, lang: string): string {
  const c = FAULT_CODE_MAP.get(code);
  if (!c) return '';
  return lang.startsWith('en') ? c.solutionEn : c.solutionZh;
}
