import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { IonApp, IonRouterOutlet } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import type { Api } from './api';
import { AppPage } from './components/AppPage';
import { SessionProvider } from './session';

interface Screen {
  path: string;
  title: string;
  auth: boolean;
  account: boolean;
  Page: LazyExoticComponent<ComponentType>;
}

// Each screen's code is its own chunk, loaded when the screen is first shown; the frame (header,
// footer, guard) is in the entry chunk so the title shows at once.
export const screens: Screen[] = [
  { path: '/login', title: 'Log in', auth: false, account: false, Page: lazy(() => import('./pages/LoginPage')) },
  { path: '/register', title: 'Register', auth: false, account: false, Page: lazy(() => import('./pages/RegisterPage')) },
  { path: '/members', title: 'Members', auth: true, account: true, Page: lazy(() => import('./pages/MembersPage')) },
  { path: '/tournaments', title: 'Tournaments', auth: false, account: true, Page: lazy(() => import('./pages/TournamentsPage')) },
  { path: '/tournaments/new', title: 'New tournament', auth: true, account: true, Page: lazy(() => import('./pages/NewTournamentPage')) },
  { path: '/tournaments/delete', title: 'Delete a tournament', auth: true, account: true, Page: lazy(() => import('./pages/DeleteTournamentPage')) },
];

/** App is the whole client: the session around Ionic's router and one route per screen. */
export function App({ api }: { api: Api }) {
  return (
    <IonApp>
      <SessionProvider api={api}>
        <IonReactRouter>
          <IonRouterOutlet>
            {screens.map(({ path, title, auth, account, Page }) => (
              <Route
                key={path}
                path={path}
                element={
                  <AppPage path={path} title={title} auth={auth} account={account}>
                    <Page />
                  </AppPage>
                }
              />
            ))}
            <Route path="/" element={<Navigate to="/tournaments" replace />} />
            <Route path="*" element={<Navigate to="/tournaments" replace />} />
          </IonRouterOutlet>
        </IonReactRouter>
      </SessionProvider>
    </IonApp>
  );
}
