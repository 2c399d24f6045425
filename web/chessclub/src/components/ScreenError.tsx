import { Component, type ErrorInfo, type ReactNode } from 'react';
import { IonButton, IonIcon } from './frame-ionic';
import { cloudOfflineOutline, refreshOutline } from 'ionicons/icons';

/** reloadPage loads the app afresh: index.html names the chunks of the release now served. */
export function reloadPage(): void {
  window.location.reload();
}

/**
 * ScreenError is what a screen shows when its code could not be loaded (the server is down, or
 * a new release has replaced the files the running app names) or failed while rendering.
 * "Try again" reloads the page; the navigation around it still works, so Back leaves it too.
 */
export function ScreenError({ reload = reloadPage }: { reload?: () => void }) {
  return (
    <div className="state screen-error" role="alert">
      <IonIcon icon={cloudOfflineOutline} className="state-icon" aria-hidden="true" />
      <h2>This screen could not be loaded</h2>
      <p>Check your connection. If the club has just updated the app, trying again loads the new version.</p>
      <IonButton onClick={reload}>
        <IonIcon slot="start" icon={refreshOutline} aria-hidden="true" />
        Try again
      </IonButton>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  reload?: () => void;
  /** What to show instead of ScreenError, for a part of a screen rather than the screen. */
  fallback?: ReactNode;
}

/**
 * ScreenBoundary catches what its screen throws while loading or rendering, above all the
 * rejected import of a lazily loaded screen, and shows ScreenError in its place instead of
 * leaving a blank page. Give it a key per route so that navigating away starts afresh.
 */
export class ScreenBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('screen failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback !== undefined ? this.props.fallback : <ScreenError reload={this.props.reload} />;
  }
}
