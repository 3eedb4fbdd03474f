/** Sample quotes for the PDF tests: a short one and a 100-line BOM with long Chinese names. */
import type { QuoteDocument, QuoteLine } from '../src/core/pdf/index.js';

const LONG_NAMES = [
  '磷酸铁锂储能电池模组（户用壁挂式，含电池管理系统BMS、消防气溶胶灭火装置及智能温控散热风扇组件）',
  '单晶硅PERC双面双玻光伏组件182mm半片高效版',
  '三相混合并离网储能逆变器（支持柴油发电机接入、远程监控与固件在线升级）',
  '光伏直流汇流箱防雷型',
  'Solar mounting rail aluminium 4.2m for tiled roof with stainless steel hooks and end clamps',
];

export function bomLine(i: number): QuoteLine {
  return {
    sku: `SKU-ESS-${String(i).padStart(5, '0')}-LFP51V280AH`,
    name: `${LONG_NAMES[i % LONG_NAMES.length]}第${i}项`,
    spec: i % 3 === 0 ? '51.2V 280Ah 14.336kWh IP65 防护等级' : '550W',
    model: `HX-${1000 + i}`,
    quantity: (i % 7) + 1,
    unitPrice: `${1000 + i * 37}.${String(i % 100).padStart(2, '0')}`,
    ...(i % 4 === 0 ? { discountPercent: '7.5' } : i % 4 === 1 ? { discountAmount: 1999 } : {}),
    taxRate: i % 5 === 0 ? 6 : '13',
  };
}

export function sampleQuote(lines: number, notes = true): QuoteDocument {
  return {
    orderNo: 'EPC202611280001',
    date: '2026-11-28',
    seller: { name: '深圳赫利欧新能源科技有限公司（华南区域代理商）', contact: '+86 755 8888 0000 · 张经理', address: '广东省深圳市南山区粤海街道科技园南区高新南七道001号' },
    recipient: { name: '王小明', contact: '+86 138 0013 8000', address: '浙江省杭州市西湖区文三路 478 号华星时代广场 A 座 1201 室' },
    currency: 'CNY',
    lines: Array.from({ length: lines }, (_, i) => bomLine(i + 1)),
    notes: notes
      ? '报价有效期30天。价格含13%增值税，含运输及安装调试费用；如现场勘察后方案变更，以最终设计为准。Payment: 30% deposit, 70% before installation.'
      : undefined,
  };
}
