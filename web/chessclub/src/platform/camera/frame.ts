/** The longest side, in pixels, of a photo taken in the browser; the server keeps at most 1024 too. */
export const MAX_SIDE = 1024;

/** fitWithin scales width × height down (never up) so that neither side exceeds max. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * grabFrame takes the video's current picture as a JPEG (quality 0.85), at most MAX_SIDE pixels
 * on its long side. It fails when the video shows nothing yet.
 */
export function grabFrame(video: HTMLVideoElement): Promise<Blob> {
  if (!video.videoWidth || !video.videoHeight) {
    return Promise.reject(new Error('The camera shows no picture yet.'));
  }
  const { width, height } = fitWithin(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    return Promise.reject(new Error('This browser cannot take a picture from the camera.'));
  }
  ctx.drawImage(video, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be taken.'))), 'image/jpeg', 0.85);
  });
}

/** cameraProblem says in a sentence why the camera could not be opened. */
export function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'The camera is not allowed. Allow it in the browser’s settings for this site, or choose a file.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera was found. Choose a file instead.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is in use by another app. Close it and try again, or choose a file.';
    case 'NoMediaDevices':
      return 'This browser offers no camera here (it needs a secure connection). Choose a file instead.';
    default:
      return 'The camera could not be opened. Choose a file instead.';
  }
}
