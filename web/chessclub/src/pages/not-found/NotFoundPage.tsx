import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { IonButton, IonIcon } from '../../components/ionic';
import { compassOutline, trophyOutline } from 'ionicons/icons';
import { useRouterLink } from '../../hooks/useRouterLink';
import { markFirstRender } from '../../platform/perf';

/** NotFoundPage is shown for a path that names no screen, such as a mistyped or old link. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  const link = useRouterLink();
  useEffect(markFirstRender, []);
  return (
    <div className="state">
      <IonIcon icon={compassOutline} className="state-icon" aria-hidden="true" />
      <p>
        There is no page at <code>{pathname}</code>. The link may be mistyped or out of date.
      </p>
      <IonButton {...link('/tournaments')}>
        <IonIcon slot="start" icon={trophyOutline} aria-hidden="true" />
        Go to the tournaments
      </IonButton>
    </div>
  );
}
