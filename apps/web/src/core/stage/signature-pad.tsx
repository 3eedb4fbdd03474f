/**
 * A signature field (spec §5: signatures on a canvas that must not be empty): the signer draws with a finger, pen or
 * mouse on the maintained `signature_pad` library's canvas (smooth strokes, pointer and touch events), and "Confirm"
 * uploads the drawing as a PNG attachment (`put-file?use=attachment`); the field's value is the attachment id. An
 * empty canvas cannot be confirmed ("provide signature first", spec §8). The canvas fills its column (a 375 px phone
 * included) and is sized for the screen's pixel ratio.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { CheckCircleTwoTone } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import SignaturePadLib from 'signature_pad';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import type { Uploaded } from './wire';
import './locale';

export interface SignaturePadProps {
  value?: string;
  onChange?: (id: string | undefined) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

const MAX_WIDTH = 480;
const HEIGHT = 160;

/** The library's pad on a canvas, or null where the canvas has no 2D context (tests without a canvas). */
function createPad(canvas: HTMLCanvasElement): SignaturePadLib | null {
  try {
    if (!canvas.getContext?.('2d')) return null;
    return new SignaturePadLib(canvas, { penColor: '#1f1f1f', backgroundColor: 'rgb(255,255,255)', minWidth: 0.8, maxWidth: 2.6 });
  } catch {
    return null;
  }
}

/** Matches the canvas's bitmap to its shown size × the pixel ratio (a resize clears it: done before drawing). */
function fit(canvas: HTMLCanvasElement, pad: SignaturePadLib) {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const width = canvas.offsetWidth || MAX_WIDTH;
  canvas.width = width * ratio;
  canvas.height = HEIGHT * ratio;
  canvas.getContext('2d')?.scale(ratio, ratio);
  pad.clear();
}

export function SignaturePad({ value, onChange, id, disabled, 'aria-label': label }: SignaturePadProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadLib | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const c = canvas.current;
    if (!c || value) return;
    const p = createPad(c);
    pad.current = p;
    if (!p) return;
    fit(c, p);
    if (disabled) p.off();
    // A phone turned sideways: refit only while nothing is drawn (a drawn signature is kept).
    const onResize = () => {
      if (p.isEmpty()) fit(c, p);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      p.off();
      pad.current = null;
    };
  }, [value, disabled]);

  const clear = () => pad.current?.clear();
  const confirm = () => {
    const p = pad.current;
    if (!p || p.isEmpty() || !canvas.current) {
      toast.warning(t('stage.signature.empty'));
      return;
    }
    setBusy(true);
    canvas.current.toBlob((blob) => {
      if (!blob) {
        setBusy(false);
        return;
      }
      const body = new FormData();
      body.append('file', blob, 'signature.png');
      http
        .post<Uploaded>('/api/blade-resource/oss/endpoint/put-file', { body, params: { use: 'attachment' } })
        .then((up) => onChange?.(up.attachId))
        .catch(() => undefined)
        .finally(() => setBusy(false));
    }, 'image/png');
  };

  if (value) {
    return (
      <Space id={id}>
        <CheckCircleTwoTone twoToneColor="#52c41a" aria-hidden />
        <Typography.Text>{t('stage.signature.signed')}</Typography.Text>
        {!disabled && (
          <Button size="small" onClick={() => onChange?.(undefined)}>
            {t('stage.signature.again')}
          </Button>
        )}
      </Space>
    );
  }
  return (
    <Space direction="vertical" size={8} style={{ width: '100%', maxWidth: MAX_WIDTH }}>
      <canvas
        ref={canvas}
        id={id}
        role="img"
        aria-label={label ?? t('stage.signature.area')}
        data-testid="signature-canvas"
        style={{ display: 'block', width: '100%', height: HEIGHT, border: '1px dashed #8c8c8c', borderRadius: 6, touchAction: 'none', background: '#fff' }}
      />
      {!disabled && (
        <Space>
          <Button onClick={clear} disabled={busy}>
            {t('stage.signature.clear')}
          </Button>
          <Button type="primary" onClick={confirm} loading={busy}>
            {t('stage.signature.confirm')}
          </Button>
        </Space>
      )}
    </Space>
  );
}
