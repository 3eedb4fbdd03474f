import { useTranslation } from 'react-i18next';
import { COLORS } from './chart';
import { batteryMode, flowState, formatPercent, formatPowerW, gridMode } from './format';
import type { FlowDirection, FlowInput } from './format';

const CSS = `
.helio-flow line.helio-flow-wire { stroke: var(--ant-color-border, #d9d9d9); stroke-width: 3; }
.helio-flow line.helio-flow-dash { stroke-width: 3; stroke-dasharray: 6 10; animation: helio-flow-run 1.2s linear infinite; }
.helio-flow line.helio-flow-dash[data-direction='out'] { animation-direction: reverse; }
.helio-flow line.helio-flow-dash[data-direction='idle'] { display: none; }
.helio-flow text { font-size: 12px; fill: currentColor; }
@keyframes helio-flow-run { from { stroke-dashoffset: 32; } to { stroke-dashoffset: 0; } }
@media (prefers-reduced-motion: reduce) { .helio-flow line.helio-flow-dash { animation: none; } }
`;

const HUB = { x: 170, y: 130 };
const NODES = {
  pv: { x: 170, y: 28, color: COLORS.pv },
  battery: { x: 42, y: 130, color: COLORS.charge },
  load: { x: 298, y: 130, color: COLORS.load },
  grid: { x: 170, y: 232, color: COLORS.import },
} as const;
type Node = keyof typeof NODES;

/**
 * Live energy flow PV → battery → load → grid around the inverter: a wire per link whose dashes run towards the
 * hub (`in`) or away from it (`out`), with the power on each link. Directions come from `flowState` (format.ts).
 */
export function EnergyFlow({ flow, soc }: { flow: FlowInput; soc?: number | null }) {
  const { t, i18n } = useTranslation();
  const state = flowState(flow);
  const lang = i18n.language;
  const caption: Record<Node, string> = {
    pv: t('station.flow.pv'),
    battery: `${t('station.flow.battery')}${soc === null || soc === undefined ? '' : ` ${formatPercent(soc, lang, 0)}`}`,
    load: t('station.flow.load'),
    grid: t('station.flow.grid'),
  };
  const mode: Record<Node, string> = {
    pv: state.pv.direction === 'idle' ? t('station.flow.idle') : t('station.flow.generating'),
    battery: t(`station.flow.${batteryMode(state)}`),
    load: state.load.direction === 'idle' ? t('station.flow.idle') : t('station.flow.consuming'),
    grid: t(`station.flow.${gridMode(state)}`),
  };
  const describe = (Object.keys(NODES) as Node[]).map((n) => `${caption[n]}: ${mode[n]} ${formatPowerW(state[n].power, lang)}`).join('; ');
  return (
    <svg className="helio-flow" viewBox="0 0 340 262" role="img" aria-label={`${t('station.flow.title')}: ${describe}`} style={{ width: '100%', maxWidth: 460, display: 'block', margin: '0 auto' }}>
      <style>{CSS}</style>
      {(Object.keys(NODES) as Node[]).map((n) => {
        const node = NODES[n];
        const direction: FlowDirection = state[n].direction;
        return (
          <g key={n} data-testid={`flow-${n}`} data-direction={direction}>
            <line className="helio-flow-wire" x1={node.x} y1={node.y} x2={HUB.x} y2={HUB.y} />
            <line className="helio-flow-dash" data-direction={direction} x1={node.x} y1={node.y} x2={HUB.x} y2={HUB.y} stroke={node.color} />
          </g>
        );
      })}
      <rect x={HUB.x - 30} y={HUB.y - 20} width={60} height={40} rx={8} fill="#fff" stroke="#8c8c8c" strokeWidth={2} />
      <text x={HUB.x} y={HUB.y + 4} textAnchor="middle" style={{ fill: '#595959' }}>
        {t('station.flow.inverter')}
      </text>
      {(Object.keys(NODES) as Node[]).map((n) => {
        const node = NODES[n];
        const vertical = n === 'pv' || n === 'grid';
        const x = vertical ? node.x + 28 : n === 'battery' ? node.x - 20 : node.x + 20;
        const anchor = vertical ? 'start' : n === 'battery' ? 'start' : 'end';
        const y = vertical ? node.y - 3 : node.y + 36;
        return (
          <g key={`${n}-node`}>
            <circle cx={node.x} cy={node.y} r={20} fill={node.color} opacity={state[n].direction === 'idle' ? 0.35 : 1} />
            <text x={node.x} y={node.y + 4} textAnchor="middle" style={{ fill: '#fff', fontWeight: 600, fontSize: 10 }}>
              {n === 'pv' ? 'PV' : n === 'battery' ? 'BAT' : n === 'load' ? 'LOAD' : 'GRID'}
            </text>
            <text x={x} y={y} textAnchor={anchor}>
              {caption[n]}
            </text>
            <text x={x} y={y + 15} textAnchor={anchor} style={{ fontWeight: 600 }} data-testid={`flow-${n}-value`}>
              {`${formatPowerW(state[n].power, lang)} · ${mode[n]}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
