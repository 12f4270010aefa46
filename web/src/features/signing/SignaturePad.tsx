import { SIGNATURE_IMAGE_MAX } from '@sixa/contracts/browser';
import { ClearOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** The pad's height in CSS pixels (its width is its container's). */
const PAD_HEIGHT = 180;
/**
 * Ink on paper: the signature is an image placed on the signed PDF (white pages), so it is drawn in
 * dark ink whatever the screen's theme, on a transparent background.
 */
const INK = '#1a1a2e';

interface SignaturePadProps {
  /** The drawing as a PNG data URL once there is one, null when cleared. */
  onChange: (dataUrl: string | null) => void;
  disabled?: boolean;
}

type Point = { x: number; y: number; pressure: number };

/**
 * A signature drawn with a mouse, a finger or a pen (pointer events, one stroke per press, pen
 * pressure taken into account), with Clear. Exported as a PNG data URL, at a lower resolution when the
 * full one would exceed what the server accepts.
 */
export function SignaturePad({ onChange, disabled = false }: SignaturePadProps) {
  const { token } = theme.useToken();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<Point | null>(null);
  const pointer = useRef<number | null>(null);
  const [empty, setEmpty] = useState(true);

  /** Sizes the drawing surface to the element (times the screen's pixel ratio): clears it. */
  const fit = useCallback(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const { width, height } = element.getBoundingClientRect();
    element.width = Math.max(Math.round(width * ratio), 1);
    element.height = Math.max(Math.round(height * ratio), 1);
  }, []);

  useEffect(() => {
    fit();
  }, [fit]);

  const context = () => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx) return null;
    const ratio = element.width / Math.max(element.getBoundingClientRect().width, 1);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = INK;
    ctx.fillStyle = INK;
    return ctx;
  };

  const pointOf = (event: PointerEvent | ReactPointerEvent<HTMLCanvasElement>): Point => {
    const rect = canvas.current!.getBoundingClientRect();
    // A mouse reports 0.5 while pressed; a pen its real pressure.
    const pressure = event.pointerType === 'pen' ? event.pressure || 0.5 : 0.5;
    return { x: event.clientX - rect.left, y: event.clientY - rect.top, pressure };
  };

  const lineWidth = (pressure: number) => 1.2 + pressure * 2.6;

  const exportImage = () => {
    const element = canvas.current;
    if (!element) return null;
    const full = element.toDataURL('image/png');
    if (full.length <= SIGNATURE_IMAGE_MAX) return full;
    const { width, height } = element.getBoundingClientRect();
    const small = document.createElement('canvas');
    small.width = Math.round(width);
    small.height = Math.round(height);
    small.getContext('2d')?.drawImage(element, 0, 0, small.width, small.height);
    return small.toDataURL('image/png');
  };

  const down = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    const ctx = context();
    if (!ctx) return;
    canvas.current?.setPointerCapture?.(event.pointerId);
    pointer.current = event.pointerId;
    const point = pointOf(event);
    last.current = point;
    // A dot for a tap without a move.
    ctx.beginPath();
    ctx.arc(point.x, point.y, lineWidth(point.pressure) / 2, 0, Math.PI * 2);
    ctx.fill();
  };

  const move = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== event.pointerId || !last.current) return;
    const ctx = context();
    if (!ctx) return;
    const native = event.nativeEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    for (const sample of events.length ? events : [native]) {
      const point = pointOf(sample);
      ctx.beginPath();
      ctx.lineWidth = lineWidth((point.pressure + last.current.pressure) / 2);
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(point.x, point.y);
      ctx.stroke();
      last.current = point;
    }
  };

  const up = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== event.pointerId) return;
    pointer.current = null;
    last.current = null;
    setEmpty(false);
    onChange(exportImage());
  };

  const clear = () => {
    fit();
    setEmpty(true);
    onChange(null);
  };

  return (
    <Flex vertical gap="small">
      <div
        style={{
          position: 'relative',
          border: `${token.lineWidth}px dashed ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          background: '#ffffff',
        }}
      >
        <canvas
          ref={canvas}
          aria-label="Signature pad: draw your signature with a mouse, a finger or a pen"
          role="img"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          style={{
            display: 'block',
            width: '100%',
            height: PAD_HEIGHT,
            touchAction: 'none',
            cursor: disabled ? 'not-allowed' : 'crosshair',
          }}
        />
        {empty ? (
          <Typography.Text
            type="secondary"
            aria-hidden
            style={{ position: 'absolute', left: 16, bottom: 12, pointerEvents: 'none' }}
          >
            Sign here
          </Typography.Text>
        ) : null}
      </div>
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Text type="secondary">
          {empty ? 'Draw inside the box.' : 'Signature drawn.'} Prefer the keyboard? Choose Type.
        </Typography.Text>
        <Button size="small" icon={<ClearOutlined />} onClick={clear} disabled={disabled || empty}>
          Clear
        </Button>
      </Flex>
    </Flex>
  );
}
