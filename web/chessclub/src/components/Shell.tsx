import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { IonButton, IonIcon } from './frame-ionic';
import { logOutOutline, personAddOutline } from 'ionicons/icons';
import { useSession } from '../hooks/useSession';
import { useWide } from '../hooks/useWide';
import { useRouterLink } from '../hooks/useRouterLink';
import { Logo } from './Logo';
import { MainNav } from './Nav';

/**
 * Shell lays the screens out: on a phone each screen has the whole width and its own tab bar;
 * from 992 px on (theme.css) a side menu with the club's logo, the main navigation and the
 * account stands at the left, and the tab bar goes.
 */
export function Shell({ children }: { children: ReactNode }) {
  const wide = useWide();
  return (
    <div className="shell">
      {wide && (
        <aside className="side-menu" aria-label="Chess Club">
          <div className="side-logo">
            <Logo />
          </div>
          <MainNav variant="side" />
          <Account />
        </aside>
      )}
      <div className="shell-main">{children}</div>
    </div>
  );
}

/** Account shows who is logged in, with "Log out"; or, logged out, "Register". */
function Account() {
  const { status, member, logOut } = useSession();
  const navigate = useNavigate();
  const link = useRouterLink();
  if (status === 'loading') return null;
  if (status === 'in') {
    return (
      <div className="side-account">
        {member && <p className="signed-in">Signed in as {member.full_name}</p>}
        <IonButton
          fill="outline"
          expand="block"
          onClick={async () => {
            await logOut();
            navigate('/login', { replace: true });
          }}
        >
          <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
          Log out
        </IonButton>
      </div>
    );
  }
  // Logged out, "Log in" is in the navigation above; registering is offered here.
  return (
    <div className="side-account">
      <p className="signed-in">New to the club?</p>
      <IonButton expand="block" fill="outline" {...link('/register')}>
        <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />
        Register
      </IonButton>
    </div>
  );
}
