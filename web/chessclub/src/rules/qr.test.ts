import { describe, expect, it } from 'vitest';
import { qrShape } from './qr';

/** dark reads the module at (x, y) back out of the path. */
function darkSet(path: string): Set<string> {
  return new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
}

describe('qrShape', () => {
  it.each([
    { text: 'https://club.example/tournaments/7', size: 29 },
    { text: 'https://chess.example.org/tournaments/123456/projector', size: 33 },
  ])('draws $text as a $size-module code', ({ text, size }) => {
    const { size: got, path } = qrShape(text);
    expect(got).toBe(size);
    expect(path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
    const dark = darkSet(path);
    // The three finder patterns (ISO/IEC 18004 6.3.3): a dark 7 × 7 ring round a light ring
    // round a dark 3 × 3 square, at the corners but the bottom right.
    for (const [ox, oy] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ]) {
      for (let y = 0; y < 7; y++) {
        for (let x = 0; x < 7; x++) {
          const ring = x === 0 || y === 0 || x === 6 || y === 6;
          const core = x >= 2 && x <= 4 && y >= 2 && y <= 4;
          expect(dark.has(`${ox! + x},${oy! + y}`), `finder at ${ox},${oy}: ${x},${y}`).toBe(ring || core);
        }
      }
    }
    // Every path square is a module of the code.
    for (const key of dark) {
      const [x, y] = key.split(',').map(Number);
      expect(x! < size && y! < size).toBe(true);
    }
  });

  it('gives different texts different codes', () => {
    expect(qrShape('https://club.example/tournaments/7').path).not.toBe(qrShape('https://club.example/tournaments/8').path);
  });
});
