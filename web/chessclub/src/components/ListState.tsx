import type { ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { IonRefresher, IonRefresherContent } from './ionic';
import { Loading } from './AppPage';

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

/** ListState shows a list's loading, error and empty states, else the list. */
export function ListState({ loading, error, empty, emptyText, retry, children }: ListStateProps) {
  if (error) {
    return (
      <div className="state" role="alert">
        <p>{error}</p>
        <IonButton fill="outline" onClick={retry}>
          Try again
        </IonButton>
      </div>
    );
  }
  if (loading && empty) {
    return <Loading />;
  }
  if (empty) {
    return <p className="state">{emptyText}</p>;
  }
  return <>{children}</>;
}
