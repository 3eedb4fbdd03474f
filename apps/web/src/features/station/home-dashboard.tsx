import { useState } from 'react';
import type { ReactNode } from 'react';
import { Card, Col, Progress, Row, Segmented, Space, Statistic, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COLORS } from './chart-colors';
import { LightChart } from './light-chart';
import { homeBatteryPerformance, homeInverterPerformance, homePlantStatus, homeSummary } from '@helio/contracts/modules/station/home.api';
import { useEndpoint } from '@/core/http/endpoint';
import { AlarmSummaryCard } from './alarm-badges';
import { LIVE_MS } from './api';
import { energyParts, formatNumber } from './format';

/** One figure of the dashboard: energy values pick kWh / MWh / GWh themselves. */
function Figure({ title, value, unit, help, testId }: { title: ReactNode; value: string; unit: string; help?: string; testId: string }) {
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={testId}>
      <Statistic
        title={
          <Space size={4}>
            {title}
            {help && (
              <Tooltip title={help}>
                <QuestionCircleOutlined aria-label={help} />
              </Tooltip>
            )}
          </Space>
        }
        value={value}
        suffix={unit}
      />
    </Card>
  );
}

/**
 * Home dashboard (spec §2 "Home dashboard"): fleet power and energies, battery figures, KPIs with their formulas
 * (solar-domain.md §3.2; server modules/station/kpi.ts), stations by network status, and a generation/consumption
 * chart. Figures refresh every 30 s.
 */
export function HomeDashboard() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [range, setRange] = useState<'day' | 'month' | 'year'>('day');
  const summary = useEndpoint(homeSummary, {}, { refetchInterval: LIVE_MS });
  const status = useEndpoint(homePlantStatus, {}, { refetchInterval: LIVE_MS });
  const perf = useEndpoint(homeInverterPerformance, { dateType: range }, { refetchInterval: LIVE_MS });
  const battery = useEndpoint(homeBatteryPerformance, { dateType: range }, { refetchInterval: LIVE_MS });
  const s = summary.data;
  const energy = (title: string, kwh: number | undefined, testId: string, help?: string) => {
    const p = energyParts(kwh, lang);
    return <Figure title={title} value={p.value} unit={p.unit} testId={testId} help={help} />;
  };
  const num = (v: number | null | undefined, d = 2) => formatNumber(v, d, lang);
  const points = perf.data?.points ?? [];
  const batteryPoints = battery.data?.points ?? [];
  const st = status.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="home-dashboard">
      <Row gutter={[12, 12]}>
        <Col xs={12} md={8} xl={6}>
          <Figure title={t('station.home.currentPower')} value={num(s?.currentPower)} unit="kW" testId="home-current-power" />
        </Col>
        <Col xs={12} md={8} xl={6}>
          {energy(t('station.home.todayGeneration'), s?.todayGeneration, 'home-today-generation')}
        </Col>
        <Col xs={12} md={8} xl={6}>
          {energy(t('station.home.todayLoad'), s?.todayLoad, 'home-today-load')}
        </Col>
        <Col xs={12} md={8} xl={6}>
          <Figure title={t('station.home.ratedPower')} value={num(s?.ratedPower)} unit="kW" testId="home-rated-power" />
        </Col>
        <Col xs={12} md={8} xl={6}>
          {energy(t('station.home.totalGeneration'), s?.totalGeneration, 'home-total-generation')}
        </Col>
        <Col xs={12} md={8} xl={6}>
          {energy(t('station.home.totalLoad'), s?.totalLoad, 'home-total-load')}
        </Col>
        <Col xs={12} md={8} xl={6}>
          {energy(t('station.home.todayCharge'), s?.todayCharge, 'home-today-charge')}
        </Col>
        <Col xs={12} md={8} xl={6}>
          {energy(t('station.home.todayDischarge'), s?.todayDischarge, 'home-today-discharge')}
        </Col>
        <Col xs={12} md={8} xl={6}>
          {energy(t('station.home.totalCharge'), s?.totalCharge, 'home-total-charge')}
        </Col>
        <Col xs={12} md={8} xl={6}>
          {energy(t('station.home.totalDischarge'), s?.totalDischarge, 'home-total-discharge')}
        </Col>
        <Col xs={12} md={8} xl={6}>
          {energy(t('station.home.batteryCapacity'), s?.batteryCapacity, 'home-battery-capacity')}
        </Col>
        <Col xs={12} md={8} xl={6}>
          <Figure title={t('station.home.capacityKwp')} value={num(s?.capacityKwp)} unit="kWp" testId="home-capacity" />
        </Col>
      </Row>

      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Figure
            title={t('station.kpi.selfConsumption')}
            value={num(s?.total.selfConsumption, 1)}
            unit="%"
            help={t('station.kpi.selfConsumptionFormula')}
            testId="home-self-consumption"
          />
        </Col>
        <Col xs={12} md={6}>
          <Figure title={t('station.kpi.autarky')} value={num(s?.total.autarky, 1)} unit="%" help={t('station.kpi.autarkyFormula')} testId="home-autarky" />
        </Col>
        <Col xs={12} md={6}>
          <Figure
            title={t('station.kpi.specificYield')}
            value={num(s?.total.specificYield)}
            unit="kWh/kWp"
            help={t('station.kpi.specificYieldFormula')}
            testId="home-specific-yield"
          />
        </Col>
        <Col xs={12} md={6}>
          <Figure
            title={t('station.kpi.co2')}
            value={num(s?.total.co2AvoidedTons)}
            unit="t"
            help={t('station.kpi.co2Formula', { factor: s?.co2Factor ?? '-' })}
            testId="home-co2"
          />
        </Col>
      </Row>

      <AlarmSummaryCard />

      <Row gutter={[12, 12]}>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('station.home.plantStatus')} style={{ height: '100%' }} data-testid="home-plant-status">
            <Typography.Paragraph>{t('station.home.plantCount', { count: st?.total ?? 0 })}</Typography.Paragraph>
            {(['normal', 'disconnected', 'fault'] as const).map((k) => {
              const n = st?.[k] ?? 0;
              const pct = st?.total ? Math.round((n / st.total) * 1000) / 10 : 0;
              const color = k === 'normal' ? '#52c41a' : k === 'fault' ? '#ff4d4f' : '#bfbfbf';
              return (
                <div key={k} style={{ marginBottom: 8 }}>
                  <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                    <span>{t(`station.network.${k}`)}</span>
                    <span>{formatNumber(n, 0, lang)}</span>
                  </Space>
                  <Progress percent={pct} strokeColor={color} size="small" aria-label={t(`station.network.${k}`)} />
                </div>
              );
            })}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card
            size="small"
            title={t('station.home.performance')}
            extra={
              <Segmented
                size="small"
                value={range}
                onChange={(v) => setRange(v as typeof range)}
                options={(['day', 'month', 'year'] as const).map((v) => ({ value: v, label: t(`station.range.${v}`) }))}
              />
            }
          >
            <LightChart
              label={t('station.home.performance')}
              categories={points.map((p) => p.time)}
              units={['kWh']}
              series={[
                { name: t('station.energy.pvEnergy'), type: 'bar', color: COLORS.pv, data: points.map((p) => p.generation ?? 0) },
                { name: t('station.energy.loadEnergy'), type: 'bar', color: COLORS.load, data: points.map((p) => p.load ?? 0) },
                { name: t('station.energy.gridImport'), type: 'line', color: COLORS.import, data: points.map((p) => p.gridImport ?? 0) },
                { name: t('station.energy.gridExport'), type: 'line', color: COLORS.export, data: points.map((p) => p.gridExport ?? 0) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('station.home.batteryPerformance')}>
        <LightChart
          label={t('station.home.batteryPerformance')}
          categories={batteryPoints.map((p) => p.time)}
          units={['kWh']}
          height={240}
          series={[
            { name: t('station.energy.chargeEnergy'), type: 'bar', color: COLORS.charge, data: batteryPoints.map((p) => p.charge ?? 0) },
            { name: t('station.energy.dischargeEnergy'), type: 'bar', color: COLORS.discharge, data: batteryPoints.map((p) => p.discharge ?? 0) },
          ]}
        />
      </Card>
    </Space>
  );
}
