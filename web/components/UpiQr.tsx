// A UPI request (upi://pay?…) as a QR code any UPI app scans: the qrcode package's modules drawn
// as one SVG path, crisp at any size, with the quiet zone scanners need around it.
import { useMemo } from 'react';
import QRCode from 'qrcode';
import * as styles from './UpiQr.css';

/** Modules of white border on each side (the QR spec asks for 4). */
const QUIET_ZONE = 4;

export function UpiQr({ uri, label, size = 240 }: { uri: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const code = QRCode.create(uri, { errorCorrectionLevel: 'M' });
    const count = code.modules.size;
    let d = '';
    for (let row = 0; row < count; row += 1) {
      for (let column = 0; column < count; column += 1) {
        if (code.modules.get(row, column)) {
          d += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
        }
      }
    }
    return { path: d, modules: count + QUIET_ZONE * 2 };
  }, [uri]);
  return (
    <svg
      className={styles.qr}
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-upi-uri={uri}
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
