import { Navigate, Route } from 'react-router-dom';
import { IonApp, IonRouterOutlet } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import type { Api } from './api';
import { AppPage } from './components/AppPage';
import { screens } from './screens';
import { SessionProvider } from './session';

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
