import { create } from 'qrcode';

/** A QR code as an SVG path: size modules a side, and one unit square per dark module. */
export interface QrShape {
  size: number;
  path: string;
}

/**
 * qrShape encodes text (a URL) as a QR code with medium error correction (a code on a
 * projected or printed page still reads when partly smudged or in glare) and draws it as one
 * SVG path, which the app renders as an element: no markup of a library's is injected into the
 * page, and the code scales to any size without blurring.
 */
export function qrShape(text: string): QrShape {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(y, x)) parts.push(`M${x} ${y}h1v1h-1z`);
    }
  }
  return { size: modules.size, path: parts.join('') };
}
