import { useCallback, useState, type ReactNode } from 'react';
import { isNativeShell } from '../storage';
import { CameraDialog } from './CameraDialog';

interface Request {
  title: string;
  resolve(photo: Blob | null): void;
}

/**
 * usePhotoCapture lets a screen take a photo: capture(title) resolves with the photo, or null
 * when the person gives up. In the browser it opens CameraDialog, which the screen must render
 * (dialog); in the native apps, the platform's camera.
 */
export function usePhotoCapture(): { capture(title: string): Promise<Blob | null>; dialog: ReactNode } {
  const [request, setRequest] = useState<Request | null>(null);

  const capture = useCallback(async (title: string) => {
    if (isNativeShell()) {
      const { takeNativePhoto } = await import('./native');
      return takeNativePhoto();
    }
    return new Promise<Blob | null>((resolve) => setRequest({ title, resolve }));
  }, []);

  const dialog = request ? (
    <CameraDialog
      title={request.title}
      onDone={(photo) => {
        setRequest(null);
        request.resolve(photo);
      }}
    />
  ) : null;
  return { capture, dialog };
}
