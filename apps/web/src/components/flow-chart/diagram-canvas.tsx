/**
 * The read-only BPMN diagram (bpmn-js NavigatedViewer: drag to pan, wheel to zoom) with markers on its elements.
 * Loaded lazily by the flow-chart dialog: this module is where bpmn-js and its styles enter, so only the chunk of
 * this file carries them.
 */
import { useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { Alert, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './flow-chart.css';

interface Canvas {
  zoom(level: 'fit-viewport', center?: 'auto'): number;
  addMarker(id: string, marker: string): void;
}
interface Registry {
  get(id: string): unknown;
}

export interface DiagramCanvasProps {
  xml: string;
  /** Element id → marker class. */
  markers: ReadonlyMap<string, string>;
  height: number | string;
  /** The accessible name of the drawing. */
  label: string;
}

export function DiagramCanvas({ xml, markers, height, label }: DiagramCanvasProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    if (!host.current || !xml) return;
    const viewer = new NavigatedViewer({ container: host.current });
    let alive = true;
    setFailed(undefined);
    viewer.importXML(xml).then(
      () => {
        if (!alive) return;
        const canvas = viewer.get<Canvas>('canvas');
        const registry = viewer.get<Registry>('elementRegistry');
        for (const [id, marker] of markers) if (registry.get(id)) canvas.addMarker(id, marker);
        canvas.zoom('fit-viewport', 'auto');
      },
      (e: unknown) => alive && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      alive = false;
      viewer.destroy();
    };
  }, [xml, markers]);

  const colours = {
    '--helio-flow-success': token.colorSuccess,
    '--helio-flow-success-bg': token.colorSuccessBg,
    '--helio-flow-primary': token.colorPrimary,
    '--helio-flow-primary-bg': token.colorPrimaryBg,
    '--helio-flow-warning': token.colorWarning,
    height,
  } as CSSProperties;

  // A model deployed without its drawing (no BPMN diagram interchange, e.g. written by hand): nothing to draw, which is
  // not an error; the history beside it still shows the path.
  const noLayout = failed !== undefined && /no diagram to display/i.test(failed);
  return (
    <>
      {noLayout && <Alert type="info" showIcon message={t('flowChart.noLayout')} style={{ marginBottom: 8 }} />}
      {failed && !noLayout && <Alert type="error" showIcon message={t('flowChart.drawFailed')} description={failed} style={{ marginBottom: 8 }} />}
      <div
        ref={host}
        className="helio-flow-canvas"
        role="figure"
        aria-label={label}
        style={noLayout ? { ...colours, height: 0, overflow: 'hidden' } : colours}
        data-testid="flow-chart-canvas"
      />
    </>
  );
}
