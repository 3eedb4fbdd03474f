/**
 * The demo fleet: stations across real places (Chinese districts with their region codes, plus a few sites abroad
 * in other time zones), each with inverters, often a battery, sometimes a guardian or an EV charger. Generated
 * deterministically from a seed, so the server that registers it, the backfill and a separately started simulator
 * all agree on every station, device, SN and secret.
 */
import { createHmac } from 'node:crypto';

export interface Site {
  /** County/district code (blade_region), or '' abroad. */
  county: string;
  country: string;
  region: string;
  regionEn: string;
  lat: number;
  lon: number;
  tz: string;
}

// [county code, "province city district", English, lat, lon]
const CN: [string, string, string, number, number][] = [
  ['440305', '广东省 深圳市 南山区', 'Nanshan, Shenzhen', 22.53, 113.93],
  ['440106', '广东省 广州市 天河区', 'Tianhe, Guangzhou', 23.12, 113.36],
  ['440604', '广东省 佛山市 禅城区', 'Chancheng, Foshan', 23.01, 113.12],
  ['441900', '广东省 东莞市', 'Dongguan', 23.02, 113.75],
  ['440402', '广东省 珠海市 香洲区', 'Xiangzhou, Zhuhai', 22.27, 113.54],
  ['441302', '广东省 惠州市 惠城区', 'Huicheng, Huizhou', 23.08, 114.41],
  ['330106', '浙江省 杭州市 西湖区', 'Xihu, Hangzhou', 30.26, 120.13],
  ['330203', '浙江省 宁波市 海曙区', 'Haishu, Ningbo', 29.87, 121.55],
  ['320106', '江苏省 南京市 鼓楼区', 'Gulou, Nanjing', 32.07, 118.77],
  ['320505', '江苏省 苏州市 虎丘区', 'Huqiu, Suzhou', 31.3, 120.57],
  ['310115', '上海市 浦东新区', 'Pudong, Shanghai', 31.22, 121.54],
  ['110105', '北京市 朝阳区', 'Chaoyang, Beijing', 39.92, 116.44],
  ['120101', '天津市 和平区', 'Heping, Tianjin', 39.12, 117.2],
  ['500103', '重庆市 渝中区', 'Yuzhong, Chongqing', 29.56, 106.57],
  ['510107', '四川省 成都市 武侯区', 'Wuhou, Chengdu', 30.64, 104.04],
  ['420106', '湖北省 武汉市 武昌区', 'Wuchang, Wuhan', 30.55, 114.32],
  ['610113', "陕西省 西安市 雁塔区", "Yanta, Xi'an", 34.22, 108.95],
  ['530102', '云南省 昆明市 五华区', 'Wuhua, Kunming', 25.04, 102.71],
  ['540102', '西藏自治区 拉萨市 城关区', 'Chengguan, Lhasa', 29.65, 91.13],
  ['650102', '新疆维吾尔自治区 乌鲁木齐市 天山区', 'Tianshan, Urumqi', 43.79, 87.63],
  ['230103', '黑龙江省 哈尔滨市 南岗区', 'Nangang, Harbin', 45.76, 126.67],
  ['340104', '安徽省 合肥市 蜀山区', 'Shushan, Hefei', 31.85, 117.26],
  ['370102', '山东省 济南市 历下区', 'Lixia, Jinan', 36.67, 117.08],
  ['370212', '山东省 青岛市 崂山区', 'Laoshan, Qingdao', 36.11, 120.47],
  ['410105', '河南省 郑州市 金水区', 'Jinshui, Zhengzhou', 34.8, 113.66],
  ['430104', '湖南省 长沙市 岳麓区', 'Yuelu, Changsha', 28.23, 112.93],
  ['350102', '福建省 福州市 鼓楼区', 'Gulou, Fuzhou', 26.08, 119.3],
  ['350203', '福建省 厦门市 思明区', 'Siming, Xiamen', 24.45, 118.08],
  ['450103', '广西壮族自治区 南宁市 青秀区', 'Qingxiu, Nanning', 22.82, 108.39],
  ['460105', '海南省 海口市 秀英区', 'Xiuying, Haikou', 20.01, 110.29],
  ['520102', '贵州省 贵阳市 南明区', 'Nanming, Guiyang', 26.57, 106.71],
  ['620102', '甘肃省 兰州市 城关区', 'Chengguan, Lanzhou', 36.06, 103.83],
  ['630103', '青海省 西宁市 城中区', 'Chengzhong, Xining', 36.62, 101.78],
  ['640104', '宁夏回族自治区 银川市 兴庆区', 'Xingqing, Yinchuan', 38.47, 106.28],
  ['150102', '内蒙古自治区 呼和浩特市 新城区', 'Xincheng, Hohhot', 40.86, 111.67],
  ['140105', '山西省 太原市 小店区', 'Xiaodian, Taiyuan', 37.74, 112.56],
  ['130102', '河北省 石家庄市 长安区', "Chang'an, Shijiazhuang", 38.05, 114.52],
  ['210102', '辽宁省 沈阳市 和平区', 'Heping, Shenyang', 41.79, 123.4],
  ['220102', '吉林省 长春市 南关区', 'Nanguan, Changchun', 43.87, 125.33],
  ['210202', '辽宁省 大连市 中山区', 'Zhongshan, Dalian', 38.92, 121.64],
];

const ABROAD: Site[] = [
  { county: '', country: 'DE', region: 'Bayern München', regionEn: 'Munich, Bavaria', lat: 48.14, lon: 11.58, tz: 'Europe/Berlin' },
  { county: '', country: 'NL', region: 'Zuid-Holland Rotterdam', regionEn: 'Rotterdam, South Holland', lat: 51.92, lon: 4.48, tz: 'Europe/Amsterdam' },
  { county: '', country: 'ES', region: 'Andalucía Sevilla', regionEn: 'Seville, Andalusia', lat: 37.39, lon: -5.98, tz: 'Europe/Madrid' },
  { county: '', country: 'AU', region: 'South Australia Adelaide', regionEn: 'Adelaide, South Australia', lat: -34.93, lon: 138.6, tz: 'Australia/Adelaide' },
  { county: '', country: 'IN', region: 'Maharashtra Pune', regionEn: 'Pune, Maharashtra', lat: 18.52, lon: 73.86, tz: 'Asia/Kolkata' },
];

export const SITES_CN: Site[] = CN.map(([county, region, regionEn, lat, lon]) => ({ county, country: 'CN', region, regionEn, lat, lon, tz: 'Asia/Shanghai' }));
export const SITES_ABROAD = ABROAD;

/** Operation companies (agent departments) the demo stations are spread over (data scope). */
export const DEMO_COMPANIES = [
  { key: 'south', zh: '华南光储服务中心', en: 'South China Solar Service' },
  { key: 'east', zh: '华东新能源运维', en: 'East China Energy O&M' },
  { key: 'north', zh: '北方阳光代理', en: 'Northern Sun Agency' },
  { key: 'west', zh: '西部光伏工程', en: 'Western PV Engineering' },
  { key: 'intl', zh: '海外渠道伙伴', en: 'International Partners' },
] as const;
export type CompanyKey = (typeof DEMO_COMPANIES)[number]['key'];

function companyOf(site: Site): CompanyKey {
  if (site.country !== 'CN') return 'intl';
  const p = site.county.slice(0, 2);
  if (['44', '45', '46', '35', '43', '36'].includes(p)) return 'south';
  if (['33', '32', '31', '34', '37'].includes(p)) return 'east';
  if (['11', '12', '13', '14', '15', '21', '22', '23', '41'].includes(p)) return 'north';
  return 'west';
}

// ---------------------------------------------------------------------------------------------------------------

/** FNV-1a hash of a string → uint32. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SimKind = 'inverter' | 'battery' | 'guardian' | 'charger';

export interface SimDevice {
  kind: SimKind;
  sn: string;
  /** Index among the station's devices of this kind. */
  index: number;
  model: string;
  /** inverter: rated kW; charger: rated kW. */
  ratedKw: number;
  /** battery: usable kWh. */
  energyKwh: number;
  parentSn?: string;
}

export interface SimStation {
  key: string;
  tenantId: string;
  name: string;
  site: Site;
  address: string;
  /** 1 residential PV, 2 residential PV + storage, 3 C&I PV, 4 C&I PV + storage (agent_project_type). */
  plantType: 1 | 2 | 3 | 4;
  capacityKwp: number;
  installDate: string;
  ownerName: string;
  ownerPhone: string;
  company: CompanyKey;
  /** Demo roles: never reports live (disconnected), or an inverter stuck in fault. */
  scenario: 'normal' | 'offline' | 'stuck_fault';
  devices: SimDevice[];
}

export interface FleetParams {
  /** Random key of this deployment's fleet (device secrets derive from it). */
  key: string;
  stations: number;
  /** Tenant of the stations abroad ('' = all in the platform tenant). */
  agentTenantId: string;
}

export interface Fleet {
  params: FleetParams;
  stations: SimStation[];
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '华', '平', '刚'];
const WESTERN = ['Anna Müller', 'Jan de Vries', 'Lucía García', 'Oliver Smith', 'Priya Sharma', 'Lukas Becker', 'Sofia Rossi', 'Noah Brown'];
const ROADS = ['科技路', '人民路', '建设路', '解放路', '中山路', '滨江路', '光明街', '新华路', '长江路', '阳光大道'];

/** Device secret: HMAC of the SN with the fleet key (the simulator derives it; Helio stores only its hash). */
export function deviceSecret(fleetKey: string, sn: string): string {
  return createHmac('sha256', fleetKey).update(sn).digest('base64url').slice(0, 32);
}

export function generateFleet(params: FleetParams): Fleet {
  const r = rng(hash32(params.key));
  const stations: SimStation[] = [];
  let inv = 0;
  let bat = 0;
  let grd = 0;
  let chg = 0;
  const sn = (prefix: string, n: number) => `${prefix}${(hash32(params.key) % 900 + 100).toString()}${n.toString().padStart(6, '0')}`;
  for (let i = 0; i < params.stations; i++) {
    const abroad = i % 12 === 11;
    const site = abroad ? ABROAD[Math.floor(i / 12) % ABROAD.length]! : SITES_CN[Math.floor(r() * SITES_CN.length)]!;
    const jitter = { lat: (r() - 0.5) * 0.2, lon: (r() - 0.5) * 0.2 };
    const roll = r();
    const plantType: SimStation['plantType'] = roll < 0.35 ? 1 : roll < 0.8 ? 2 : roll < 0.9 ? 3 : 4;
    const ci = plantType >= 3;
    const capacityKwp = ci ? Math.round(50 + r() * 250) : Math.round((5 + r() * 15) * 10) / 10;
    const nInv = ci ? Math.max(1, Math.round(capacityKwp / 100)) : 1;
    const ratedKw = ci ? Math.round((capacityKwp / nInv) * 0.9) : capacityKwp > 12 ? 12 : capacityKwp > 8 ? 10 : 6;
    const devices: SimDevice[] = [];
    for (let k = 0; k < nInv; k++) {
      devices.push({ kind: 'inverter', sn: sn('HLI', ++inv), index: k, model: ci ? `HS-${ratedKw}K-3P` : `HS-${ratedKw}K-${ratedKw > 8 ? '3P' : '1P'}-H`, ratedKw, energyKwh: 0 });
    }
    if (plantType === 2 || plantType === 4) {
      const packs = ci ? 2 + Math.floor(r() * 3) : 1 + (r() < 0.3 ? 1 : 0);
      for (let k = 0; k < packs; k++) {
        const energyKwh = ci ? 100 : r() < 0.5 ? 5.12 : 10.24;
        devices.push({ kind: 'battery', sn: sn('HLB', ++bat), index: k, model: ci ? 'HB-100-HV' : `HB-${energyKwh}-LV`, ratedKw: 0, energyKwh, parentSn: devices[k % nInv]!.sn });
      }
    }
    // About one station in three has a guardian, and the second station always does: every fleet shows each kind.
    if (r() < 0.3 || i % 25 === 1) devices.push({ kind: 'guardian', sn: sn('HLG', ++grd), index: 0, model: 'HG-63A-3P', ratedKw: 0, energyKwh: 0 });
    if (i % 25 === 3) devices.push({ kind: 'charger', sn: sn('HLC', ++chg), index: 0, model: 'HC-7K-AC', ratedKw: 7, energyKwh: 0 });
    const owner = abroad ? WESTERN[Math.floor(r() * WESTERN.length)]! : `${SURNAMES[Math.floor(r() * SURNAMES.length)]}${GIVEN[Math.floor(r() * GIVEN.length)]}`;
    const typeName = abroad
      ? ['Home PV', 'Home PV + storage', 'Commercial PV', 'Commercial PV + storage'][plantType - 1]
      : ['户用光伏', '户用光储', '工商业光伏', '工商业光储'][plantType - 1];
    const place = abroad ? site.regionEn.split(',')[0]! : site.region.split(' ').pop()!;
    const name = abroad ? `${place} ${typeName} #${i + 1}` : `${place}${typeName}电站 ${i + 1} 号`;
    const address = abroad
      ? `${Math.floor(1 + r() * 200)} ${['Main Street', 'Solar Way', 'Park Road', 'Harbour Lane'][Math.floor(r() * 4)]}`
      : `${ROADS[Math.floor(r() * ROADS.length)]}${Math.floor(1 + r() * 999)}号`;
    const installDaysAgo = 120 + Math.floor(r() * 1000);
    const install = new Date(Date.UTC(2026, 0, 1) - installDaysAgo * 86_400_000).toISOString().slice(0, 10);
    stations.push({
      key: `S${i + 1}`,
      tenantId: abroad && params.agentTenantId ? params.agentTenantId : '000000',
      name,
      site: { ...site, lat: Math.round((site.lat + jitter.lat) * 10000) / 10000, lon: Math.round((site.lon + jitter.lon) * 10000) / 10000 },
      address,
      plantType,
      capacityKwp,
      installDate: install,
      ownerName: owner,
      ownerPhone: abroad ? `+${[49, 31, 34, 61, 91][Math.floor(r() * 5)]} ${Math.floor(100000000 + r() * 899999999)}` : `1${[3, 5, 8][Math.floor(r() * 3)]}${Math.floor(100000000 + r() * 899999999)}`,
      company: companyOf(site),
      scenario: i === 7 || i === 61 ? 'offline' : i === 13 ? 'stuck_fault' : 'normal',
      devices,
    });
  }
  return { params, stations };
}

export function fleetDevices(fleet: Fleet): { station: SimStation; device: SimDevice }[] {
  return fleet.stations.flatMap((station) => station.devices.map((device) => ({ station, device })));
}
