import { Camera, CameraResultType, CameraSource } from '@capacitor/camera';

/**
 * takeNativePhoto opens the platform's camera in the native apps (never the gallery) and returns
 * the photo's bytes, or null when the person closes the camera without taking one.
 */
export async function takeNativePhoto(): Promise<Blob | null> {
  let photo;
  try {
    photo = await Camera.getPhoto({
      source: CameraSource.Camera,
      resultType: CameraResultType.Uri,
      quality: 85,
      width: 1024,
      correctOrientation: true,
      saveToGallery: false,
    });
  } catch (err) {
    if (err instanceof Error && /cancel/i.test(err.message)) return null;
    throw err;
  }
  if (!photo.webPath) {
    throw new Error('The camera returned no photo.');
  }
  const res = await fetch(photo.webPath);
  return res.blob();
}
