import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import {
  IonButton,
  IonButtons,
  IonContent,
  IonFooter,
  IonHeader,
  IonPage,
  IonSpinner,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useSession } from '../session';

export interface AppPageProps {
  /** The route this page is mounted at; a guard redirects only while it is the current one. */
  path: string;
  title: string;
  /** Whether the page needs a logged-in member. */
  auth?: boolean;
  /** Whether to show the "Log in"/"Log out" button (not on the login and register pages). */
  account?: boolean;
  children: ReactNode;
}

/**
 * AppPage is the frame of every screen: header with the account button, the lazily loaded
 * content, and the navigation footer. Pages that need login send a logged-out person to
 * /login?next=PATH, which comes back here afterwards.
 */
export function AppPage({ path, title, auth = false, account = true, children }: AppPageProps) {
  const { status, member, logOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const current = location.pathname === path;

  let body: ReactNode;
  if (auth && status === 'loading') {
    body = <Loading />;
  } else if (auth && status === 'out') {
    const next = encodeURIComponent(location.pathname + location.search);
    body = current ? <Navigate to={`/login?next=${next}`} replace /> : null;
  } else {
    body = <Suspense fallback={<Loading />}>{children}</Suspense>;
  }

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>{title}</IonTitle>
          {account && (
            <IonButtons slot="end">
              {status === 'in' ? (
                <IonButton
                  onClick={async () => {
                    await logOut();
                    navigate('/login', { replace: true });
                  }}
                >
                  Log out
                </IonButton>
              ) : status === 'out' ? (
                <IonButton routerLink={`/login?next=${encodeURIComponent(path)}`}>Log in</IonButton>
              ) : null}
            </IonButtons>
          )}
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <div className="page">
          {member && account && <p className="signed-in">Signed in as {member.full_name}</p>}
          {body}
        </div>
      </IonContent>
      <IonFooter>
        <IonToolbar>
          <nav aria-label="Main" className="main-nav">
            <IonButton fill={path === '/members' ? 'solid' : 'clear'} routerLink="/members" routerDirection="root">
              Members
            </IonButton>
            <IonButton fill={path === '/tournaments' ? 'solid' : 'clear'} routerLink="/tournaments" routerDirection="root">
              Tournaments
            </IonButton>
          </nav>
        </IonToolbar>
      </IonFooter>
    </IonPage>
  );
}

/** Loading is the spinner shown while data or a screen's code arrives. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <IonSpinner aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
