import { useEffect, useId, useRef, useState } from 'react';
import { cameraOutline, checkmarkOutline, closeOutline, imageOutline, refreshOutline } from 'ionicons/icons';
import { IonButton, IonIcon } from '../../components/ionic';
import { cameraProblem, grabFrame } from './frame';

/**
 * focusButton focuses an ion-button: its native button, inside its shadow root (ion-button does
 * not delegate focus from its host), once the button has rendered.
 */
export async function focusButton(el: HTMLIonButtonElement | null): Promise<void> {
  if (!el) return;
  await el.componentOnReady?.();
  el.shadowRoot?.querySelector<HTMLElement>('button, a')?.focus();
}

export interface CameraDialogProps {
  /** What the photo is of, the dialog's title: "Photo of Magnus Olsen". */
  title: string;
  /** Called with the photo the person chose to use, or null when they closed the dialog. */
  onDone(photo: Blob | null): void;
}

type Stage = { kind: 'starting' } | { kind: 'live' } | { kind: 'taken'; photo: Blob; url: string } | { kind: 'failed'; message: string };

/**
 * CameraDialog takes a photo in the browser: a modal dialog (the platform's <dialog>, so focus
 * stays inside it, Escape closes it and focus goes back to the button that opened it) with the
 * camera's live picture, "Take photo", then "Use photo" or "Retake"; "Choose a file" instead
 * when there is no camera or it is not allowed. Every control is a button reachable with Tab and
 * named, the close button included. The native apps use the platform's camera instead.
 */
export function CameraDialog({ title, onDone }: CameraDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const shutter = useRef<HTMLIonButtonElement>(null);
  const use = useRef<HTMLIonButtonElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'starting' });
  const titleId = useId();
  const statusId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);

  // The camera runs while no photo is taken, and stops when one is, or the dialog closes.
  const live = stage.kind === 'starting' || stage.kind === 'live';
  useEffect(() => {
    if (!live) return;
    let cancelled = false;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) {
          throw new DOMException('no mediaDevices', 'NoMediaDevices');
        }
        const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
        if (cancelled) {
          media.getTracks().forEach((t) => t.stop());
          return;
        }
        stream.current = media;
        if (video.current) {
          video.current.srcObject = media;
          await video.current.play().catch(() => undefined);
        }
        setStage({ kind: 'live' });
      } catch (err) {
        if (!cancelled) setStage({ kind: 'failed', message: cameraProblem(err) });
      }
    })();
    return () => {
      cancelled = true;
      stream.current?.getTracks().forEach((t) => t.stop());
      stream.current = null;
    };
  }, [live]);

  // "Take photo" gets the focus once the camera shows its picture, "Use photo" once it is taken:
  // the button that had it is gone, and a keyboard user goes on from the next step.
  useEffect(() => {
    if (stage.kind === 'live') void focusButton(shutter.current);
    if (stage.kind === 'taken') void focusButton(use.current);
  }, [stage.kind]);

  // A taken photo's preview URL lives as long as the photo is shown.
  useEffect(() => {
    if (stage.kind !== 'taken') return;
    const { url } = stage;
    return () => URL.revokeObjectURL(url);
  }, [stage]);

  function close(photo: Blob | null) {
    dialog.current?.close();
    onDone(photo);
  }

  async function take() {
    if (!video.current) return;
    try {
      const photo = await grabFrame(video.current);
      setStage({ kind: 'taken', photo, url: URL.createObjectURL(photo) });
    } catch (err) {
      setStage({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  }

  function chosen(files: FileList | null) {
    const photo = files?.[0];
    if (photo) setStage({ kind: 'taken', photo, url: URL.createObjectURL(photo) });
  }

  return (
    <dialog
      ref={dialog}
      className="camera-dialog"
      aria-labelledby={titleId}
      aria-describedby={statusId}
      onCancel={(e) => {
        e.preventDefault();
        close(null);
      }}
    >
      <header className="camera-head">
        <h2 id={titleId}>{title}</h2>
        <IonButton fill="clear" aria-label="Close" onClick={() => close(null)}>
          <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
        </IonButton>
      </header>
      <div className="camera-view">
        {stage.kind === 'taken' ? (
          <img src={stage.url} alt="The photo just taken" />
        ) : (
          <video ref={video} autoPlay playsInline muted aria-label="The camera’s picture" hidden={stage.kind === 'failed'} />
        )}
      </div>
      <p id={statusId} className="camera-status" role="status">
        {stage.kind === 'starting' && 'Starting the camera…'}
        {stage.kind === 'live' && 'Frame your face, then take the photo.'}
        {stage.kind === 'taken' && 'Use this photo, or take another.'}
        {stage.kind === 'failed' && stage.message}
      </p>
      <div className="camera-actions">
        {stage.kind === 'taken' ? (
          <>
            <IonButton ref={use} onClick={() => close(stage.photo)}>
              <IonIcon slot="start" icon={checkmarkOutline} aria-hidden="true" />
              Use photo
            </IonButton>
            <IonButton fill="outline" onClick={() => setStage({ kind: 'starting' })}>
              <IonIcon slot="start" icon={refreshOutline} aria-hidden="true" />
              Retake
            </IonButton>
          </>
        ) : (
          stage.kind === 'live' && (
            <IonButton ref={shutter} onClick={() => void take()}>
              <IonIcon slot="start" icon={cameraOutline} aria-hidden="true" />
              Take photo
            </IonButton>
          )
        )}
        {stage.kind === 'failed' && (
          <IonButton fill="outline" onClick={() => setStage({ kind: 'starting' })}>
            <IonIcon slot="start" icon={refreshOutline} aria-hidden="true" />
            Try the camera again
          </IonButton>
        )}
        <IonButton fill="clear" onClick={() => file.current?.click()}>
          <IonIcon slot="start" icon={imageOutline} aria-hidden="true" />
          Choose a file
        </IonButton>
        <input ref={file} type="file" accept="image/jpeg,image/png,image/webp" hidden onChange={(e) => chosen(e.currentTarget.files)} />
      </div>
    </dialog>
  );
}
