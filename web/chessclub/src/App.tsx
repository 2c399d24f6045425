import { Navigate, Route, Routes } from 'react-router-dom';
import { IonApp } from './components/frame-ionic';
import type { Api } from './api/client';
import { AppPage, Loading } from './components/AppPage';
import { ScreenBoundary } from './components/ScreenError';
import { Shell } from './components/Shell';
import { bareScreens, notFound, screens, type Screen } from './screens';
import { Suspense } from 'react';
import { SessionProvider } from './hooks/useSession';

// Keyed by route, so that a frame's state (the screen's own title, the greeting) does not
// carry over to the next screen: React would otherwise reuse one AppPage for all of them.
function element({ path, title, auth, account, Page }: Screen) {
  return (
    <AppPage key={path} path={path} title={title} auth={auth} account={account}>
      <Page />
    </AppPage>
  );
}

/**
 * App is the whole client: the session, the layout and one route per screen; the bare screens
 * (a projector's view) have the window to themselves, outside the layout. It must be
 * rendered inside a router (BrowserRouter in main.tsx, MemoryRouter in tests). React Router
 * alone routes, without Ionic's router outlet: each screen is mounted when shown, and the
 * outlet's page stack, transitions and its share of the first download are left out.
 */
export function App({ api }: { api: Api }) {
  return (
    <IonApp>
      <SessionProvider api={api}>
        <Routes>
          {bareScreens.map(({ path, Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <ScreenBoundary>
                  <Suspense fallback={<Loading />}>
                    <Page />
                  </Suspense>
                </ScreenBoundary>
              }
            />
          ))}
          <Route
            path="*"
            element={
              <Shell>
                <Routes>
                  {screens.map((screen) => (
                    <Route key={screen.path} path={screen.path} element={element(screen)} />
                  ))}
                  <Route path="/" element={<Navigate to="/tournaments" replace />} />
                  <Route path="*" element={element(notFound)} />
                </Routes>
              </Shell>
            }
          />
        </Routes>
      </SessionProvider>
    </IonApp>
  );
}
