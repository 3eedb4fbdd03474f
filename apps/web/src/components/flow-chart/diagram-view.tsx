/**
 * The diagram canvas alone, for screens that draw a BPMN model they make themselves (an installer order's stages):
 * the same bpmn-js viewer and markers as the flow-chart dialog, bpmn-js still in the canvas's own chunk.
 */
import { lazy, Suspense } from 'react';
import type { JSX } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { withChunkTimeout } from '@/core/lazy';
import type { DiagramCanvasProps } from './diagram-canvas';
import './locale';

const DiagramCanvas = lazy(() => withChunkTimeout(() => import('./diagram-canvas')).then((m) => ({ default: m.DiagramCanvas })));

export type DiagramViewProps = DiagramCanvasProps;

export function DiagramView(props: DiagramViewProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div role="status" aria-label={t('flowChart.loading')} style={{ height: props.height, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      }
    >
      <DiagramCanvas {...props} />
    </Suspense>
  );
}
