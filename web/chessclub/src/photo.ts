import { Camera, CameraResultType, CameraSource } from '@capacitor/camera';
import { defineCustomElements } from '@ionic/pwa-elements/loader';

// On the web the camera plugin shows pwa-elements' camera modal; without these elements it
// silently falls back to a file picker. Registered here, with the screen that takes photos, so
// that the rest of the app does not load them.
void defineCustomElements(window);

/** PhotoCancelled is thrown when the person closes the camera without taking a photo. */
export class PhotoCancelled extends Error {
  constructor() {
    super('No photo was taken.');
    this.name = 'PhotoCancelled';
  }
}

/** takePhoto opens the camera (never the gallery) and returns the photo's bytes. */
export async function takePhoto(): Promise<Blob> {
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
    if (err instanceof Error && /cancel/i.test(err.message)) {
      throw new PhotoCancelled();
    }
    throw err;
  }
  if (!photo.webPath) {
    throw new Error('The camera returned no photo.');
  }
  const res = await fetch(photo.webPath);
  const blob = await res.blob();
  if (photo.webPath.startsWith('blob:')) {
    URL.revokeObjectURL(photo.webPath);
  }
  return blob;
}
