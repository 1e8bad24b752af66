import { create } from 'qrcode';
import { useMemo } from 'react';

/** Light modules around the symbol, as every QR reader expects. */
const QUIET_ZONE = 4;

/**
 * A QR code of `text` as an inline SVG of rectangles: crisp at any size, no canvas. Black on white in
 * either theme (a reader needs the contrast), one rectangle per run of dark modules in a row.
 */
export function UpiQrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, runs } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const found: { x: number; y: number; length: number }[] = [];
    for (let y = 0; y < modules.size; y++) {
      let start = -1;
      for (let x = 0; x <= modules.size; x++) {
        const dark = x < modules.size && modules.get(y, x) === 1;
        if (dark && start < 0) start = x;
        if (!dark && start >= 0) {
          found.push({ x: start, y, length: x - start });
          start = -1;
        }
      }
    }
    return { size: modules.size, runs: found };
  }, [text]);
  const side = size + QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      className={className}
      data-qr-modules={size}
    >
      <rect width={side} height={side} fill="#ffffff" />
      {runs.map((run) => (
        <rect
          key={`${run.x}-${run.y}`}
          x={run.x + QUIET_ZONE}
          y={run.y + QUIET_ZONE}
          width={run.length}
          height={1}
          fill="#000000"
        />
      ))}
    </svg>
  );
}
