/**
 * A serial's lifecycle (issue 19: stock → order → installed, visible from a serial's page): the stock movements that
 * name the serial (`skuHistory/page?serial=`, oldest first: received, reserved for an order, released, shipped for an
 * order, each cancel) and then its row's current state where no movement records it (reserved, installed at the
 * station, returned), each step with its time, reference (the order number) and, once installed, the station link.
 */
import { Descriptions, Drawer, Space, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { movementPage } from '@helio/contracts/modules/stock/stock.api';
import { PageLink } from '@/components/page-link';
import { useEndpoint } from '@/core/http/endpoint';
import type { MovementRow, SerialRow } from './api';

/** The station page of a station id (station feature's detail route). */
export const stationPath = (plantId: string) => `/power-station-equip/power/detail/${plantId}`;

/** The movements of one serial are few; one page holds them. */
const LIFE_PAGE = '200';

export interface LifeStep {
  key: string;
  /** received, reserved, released, shipped, installed, returned, adjusted, cancel */
  step: string;
  time: string | null;
  reference: string | null;
  plantId: string | null;
  cancelled: boolean;
}

const STEP_OF: Record<string, string> = { opening: 'received', receive: 'received', reserve: 'reserved', release: 'released', issue: 'shipped', adjust: 'adjusted', cancel: 'cancel' };
/** What the serial's status reads after each kind of step. */
const STATUS_AFTER: Record<string, string> = { received: 'in_stock', released: 'in_stock', reserved: 'reserved', shipped: 'shipped' };

/** The steps from the serial's movements (newest first, as the page answers) and its row. */
export function lifeSteps(row: SerialRow, movements: readonly MovementRow[]): LifeStep[] {
  const steps: LifeStep[] = [...movements].reverse().map((m) => ({
    key: m.id,
    step: STEP_OF[m.movementType] ?? m.movementType,
    time: m.createTime,
    reference: m.reference,
    plantId: null,
    cancelled: m.cancelled,
  }));
  const last = [...steps].reverse().find((s) => s.step !== 'cancel' && !s.cancelled);
  const recorded = last ? STATUS_AFTER[last.step] : undefined;
  if (row.status !== recorded && (row.status === 'reserved' || row.status === 'installed' || row.status === 'returned')) {
    steps.push({ key: `row-${row.status}`, step: row.status, time: row.updateTime, reference: row.orderRef, plantId: row.plantId, cancelled: false });
  }
  return steps;
}

const COLOR: Record<string, string> = { received: 'green', reserved: 'blue', released: 'gray', shipped: 'orange', installed: 'green', returned: 'red', cancel: 'gray' };

function StepBody({ s, t }: { s: LifeStep; t: TFunction }): ReactNode {
  return (
    <Space direction="vertical" size={0} data-testid={`serial-step-${s.step}`}>
      <Space size={4} wrap>
        <Typography.Text strong>{t(`stock.serialLife.step.${s.step}`, { defaultValue: s.step })}</Typography.Text>
        {s.cancelled && <Tag>{t('stock.cancelled')}</Tag>}
      </Space>
      {s.time && <Typography.Text type="secondary">{s.time}</Typography.Text>}
      {s.reference && <Typography.Text>{t('stock.serialLife.reference', { reference: s.reference })}</Typography.Text>}
      {s.plantId && (
        <PageLink to={stationPath(s.plantId)}>{t('stock.serialLife.station', { id: s.plantId })}</PageLink>
      )}
    </Space>
  );
}

export function SerialDrawer({ row, onClose }: { row: SerialRow | null; onClose(): void }) {
  const { t } = useTranslation();
  // The movement page's filters are allow-listed by name (MOVEMENT_FILTERS), not typed one by one.
  const query: Record<string, string> = { serial: row?.serial ?? '', current: '1', size: LIFE_PAGE };
  const list = useEndpoint(movementPage, query, { enabled: row !== null });
  const steps = row && list.data ? lifeSteps(row, list.data.records) : [];
  return (
    <Drawer open={row !== null} onClose={onClose} width={480} title={row ? t('stock.serialLife.title', { serial: row.serial }) : ''} destroyOnHidden>
      {row && (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('stock.field.sku')}>{`${row.sku ?? ''} · ${row.skuName ?? ''}`}</Descriptions.Item>
            <Descriptions.Item label={t('stock.field.status')}>
              <Tag>{t(`stock.serialStatus.${row.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('stock.field.reference')}>{row.orderRef ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('stock.field.station')}>
              {row.plantId ? <PageLink to={stationPath(row.plantId)}>{t('stock.serialLife.station', { id: row.plantId })}</PageLink> : '-'}
            </Descriptions.Item>
          </Descriptions>
          {list.isLoading ? null : steps.length ? (
            <Timeline
              data-testid="serial-life"
              items={steps.map((s) => ({ key: s.key, color: s.cancelled ? 'gray' : COLOR[s.step] ?? 'blue', children: <StepBody s={s} t={t} /> }))}
            />
          ) : (
            <Typography.Text type="secondary">{t('stock.serialLife.empty')}</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  );
}
