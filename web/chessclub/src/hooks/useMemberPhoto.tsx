import { useRef, useState, type ReactNode } from 'react';
import type { Member } from '../api/types';
import { showToast } from '../components/ionic';
import { useSession } from './useSession';
import { usePhotoCapture } from '../platform/camera/usePhotoCapture';
import { errorText } from '../rules/words';

export interface MemberPhoto {
  /** photograph takes a photo of member and stores it; the toast says how it went. */
  photograph(member: Member): Promise<void>;
  /** The id of the member whose photo is being stored, or null. */
  uploading: number | null;
  /** The camera dialog, to render on the screen (null when closed). */
  dialog: ReactNode;
}

/**
 * useMemberPhoto takes and stores members' photos, for the member list and a member's profile:
 * the camera, the upload (the server normalises the photo and makes its thumbnail), then
 * saved(member) so that the screen shows the new photo.
 */
export function useMemberPhoto(saved: (member: Member) => Promise<unknown>): MemberPhoto {
  const { api } = useSession();
  const { capture, dialog } = usePhotoCapture();
  const [uploading, setUploading] = useState<number | null>(null);
  const busy = useRef(false);

  // One photo at a time. The buttons stay enabled while a photo is stored (a spinner says so),
  // so that the keyboard focus, back on the button once the dialog closes, is not lost.
  async function photograph(member: Member) {
    if (busy.current) return;
    busy.current = true;
    try {
      const photo = await capture(`Photo of ${member.full_name}`);
      if (!photo) return;
      setUploading(member.id);
      await api.uploadPhoto(photo, member.id);
      await saved(member);
      void showToast({ message: `Photo of ${member.full_name} saved.`, duration: 3000, color: 'success' });
    } catch (err) {
      void showToast({ message: errorText(err), duration: 5000, color: 'danger' });
    } finally {
      busy.current = false;
      setUploading(null);
    }
  }

  return { photograph, uploading, dialog };
}
