import type { ReactNode } from 'react';
import { Loading } from './AppPage';
import { refreshOutline } from 'ionicons/icons';
import { IonButton, IonIcon, IonRefresher, IonRefresherContent } from './ionic';

/** Refresher is the pull-to-refresh control of a list; it completes when reload settles. */
export function Refresher({ reload }: { reload(): Promise<unknown> }) {
  return (
    <IonRefresher
      slot="fixed"
      onIonRefresh={(e) => {
        void reload().finally(() => e.detail.complete());
      }}
    >
      <IonRefresherContent />
    </IonRefresher>
  );
}

export interface ListStateProps {
  loading: boolean;
  error: string;
  empty: boolean;
  emptyText: ReactNode;
  retry(): void;
  children: ReactNode;
}

/** LoadError says why a screen's data could not be loaded, with a button that loads it again. */
export function LoadError({ error, retry }: { error: string; retry(): void }) {
  return (
    <div className="state" role="alert">
      <p>{error}</p>
      <IonButton fill="outline" onClick={retry}>
        <IonIcon slot="start" icon={refreshOutline} aria-hidden="true" />
        Try again
      </IonButton>
    </div>
  );
}

/** ListState shows a list's loading, error and empty states, else the list. */
export function ListState({ loading, error, empty, emptyText, retry, children }: ListStateProps) {
  if (error) {
    return <LoadError error={error} retry={retry} />;
  }
  if (loading && empty) {
    return <Loading />;
  }
  if (empty) {
    return <p className="state">{emptyText}</p>;
  }
  return <>{children}</>;
}
