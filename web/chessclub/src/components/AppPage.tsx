import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { IonButton, IonButtons, IonContent, IonFooter, IonHeader, IonIcon, IonPage, IonSpinner, IonTitle, IonToolbar } from './frame-ionic';
import { logOutOutline } from 'ionicons/icons';
import { useWide } from '../hooks/useWide';
import { useSession } from '../hooks/useSession';
import { TitleContext, documentTitle } from '../hooks/usePageTitle';
import { RookMark } from './Logo';
import { MainNav } from './Nav';
import { ScreenBoundary } from './ScreenError';

// Shown once, after registering: loaded then, not with the first screen.
const Welcome = lazy(() => import('./Welcome'));

/** The router state with which registration hands over to the next screen. */
export interface WelcomeState {
  /** welcome is the new member's full name, whom the greeting names. */
  welcome: string;
  /** username is theirs, which the notification of their creation names too. */
  username: string;
  /** notified says whether that notification was raised already (they were allowed). */
  notified: boolean;
}

export interface AppPageProps {
  /** The route this page is mounted at (its pattern, such as /members/:id), for tests and styles. */
  path: string;
  title: string;
  /** Whether the page needs a logged-in member. */
  auth?: boolean;
  /** Whether to show the "Log out" button and who is signed in (not on the login and register pages). */
  account?: boolean;
  children: ReactNode;
}

/**
 * AppPage is the frame of every screen: the header with the screen's heading (its h1, also the
 * document title), the lazily loaded content behind an error boundary, and the tab bar on a
 * phone. Pages that need login send a logged-out person to /login?next=PATH, which comes back
 * here afterwards.
 */
export function AppPage({ path, title, auth = false, account = true, children }: AppPageProps) {
  const { status, member, logOut } = useSession();
  const wide = useWide();
  const location = useLocation();
  const navigate = useNavigate();
  const [named, setNamed] = useState<string | null>(null);
  const heading = named ?? title;
  const h1 = useRef<HTMLHeadingElement>(null);
  const [welcome, setWelcome] = useState(() => ((location.state as WelcomeState | null)?.welcome ? (location.state as WelcomeState) : null));

  // The greeting is for this visit only: reloading or coming Back does not show it again.
  useEffect(() => {
    if ((location.state as WelcomeState | null)?.welcome) {
      navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [location, navigate]);

  useEffect(() => {
    document.title = documentTitle(heading);
  }, [heading]);

  // After a navigation within the app, focus goes to the new screen's heading, so that a
  // screen reader announces it and the next Tab starts at the top of the screen.
  useEffect(() => {
    if (location.key !== 'default') h1.current?.focus({ preventScroll: true });
  }, [location.key]);

  let body: ReactNode;
  if (auth && status === 'loading') {
    body = <Loading />;
  } else if (auth && status === 'out') {
    const next = encodeURIComponent(location.pathname + location.search);
    body = <Navigate to={`/login?next=${next}`} replace />;
  } else {
    body = (
      <ScreenBoundary key={location.pathname}>
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </ScreenBoundary>
    );
  }

  return (
    <IonPage data-route={path}>
      <IonHeader className="app-header">
        <IonToolbar>
          {!wide && (
            <span slot="start" className="header-mark">
              <RookMark size={26} />
            </span>
          )}
          <IonTitle>
            <h1 ref={h1} tabIndex={-1}>
              {heading}
            </h1>
          </IonTitle>
          {!wide && account && status === 'in' && (
            <IonButtons slot="end">
              <IonButton
                onClick={async () => {
                  await logOut();
                  navigate('/login', { replace: true });
                }}
              >
                <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
                Log out
              </IonButton>
            </IonButtons>
          )}
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <div className="page">
          {!wide && member && account && <p className="signed-in">Signed in as {member.full_name}</p>}
          {welcome && (
            <ScreenBoundary fallback={null}>
              <Suspense fallback={null}>
                <Welcome member={{ full_name: welcome.welcome, username: welcome.username }} notified={welcome.notified} onClose={() => setWelcome(null)} />
              </Suspense>
            </ScreenBoundary>
          )}
          <TitleContext.Provider value={setNamed}>{body}</TitleContext.Provider>
        </div>
      </IonContent>
      {!wide && (
        <IonFooter className="tab-footer">
          <IonToolbar>
            <MainNav variant="tabs" />
          </IonToolbar>
        </IonFooter>
      )}
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
