import { describe, expect, it } from 'vitest';
import { cameraProblem, fitWithin } from './frame';

describe('camera frames', () => {
  it.each([
    [1280, 720, 1024, 576],
    [720, 1280, 576, 1024],
    [640, 480, 640, 480], // never enlarged
    [4000, 3000, 1024, 768],
    [1025, 1, 1024, 1], // never below a pixel
  ])('fits %i×%i within 1024 px as %i×%i', (w, h, ww, wh) => {
    expect(fitWithin(w, h)).toEqual({ width: ww, height: wh });
  });

  it.each([
    ['NotAllowedError', /not allowed/],
    ['NotFoundError', /No camera was found/],
    ['NotReadableError', /in use by another app/],
    ['NoMediaDevices', /secure connection/],
    ['TypeError', /could not be opened/],
  ])('explains %s', (name, want) => {
    expect(cameraProblem(new DOMException('x', name))).toMatch(want);
  });
});
