import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { cameraOutline, mailOutline, peopleOutline, ribbonOutline, shieldCheckmarkOutline } from 'ionicons/icons';
import { IonButton, IonIcon, IonSpinner } from '../../components/ionic';
import { LoadError } from '../../components/ListState';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/problem';
import type { Member, RatingChange, Tournament } from '../../api/types';
import { RatingHistory } from './RatingHistory';
import { Loading } from '../../components/AppPage';
import { useMemberPhoto } from '../../hooks/useMemberPhoto';
import { formatDay, formatMonth } from '../../rules/dates';
import { formatName } from '../../rules/tournaments';
import { routeId } from '../../rules/routes';
import { useRouterLink } from '../../hooks/useRouterLink';
import { initials, mayPhotograph, ratingText, roleName } from '../../rules/members';
import { useSession } from '../../hooks/useSession';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useLoad } from '../../hooks/useLoad';
import { markFirstRender } from '../../platform/perf';
import { useAction } from '../../hooks/useAction';
import { ScreenBoundary } from '../../components/ScreenError';

// The FIDE details are a chunk of their own, with their words and their form: the shared
// chunks a screen needs are listed in the first screen's download.
const FideDetails = lazy(() => import('../../components/fide/FideDetails'));

/**
 * MemberPage is a member's profile: the photo, large (the member takes or replaces it here; an
 * admin too), the role, the rating (or that they are unrated, or have only declared one) and how
 * long they have been a member, and their FIDE details (FIDE id, title, federation, FIDE's
 * ratings; birth date and national id only for the member and admins), which the member or an
 * admin changes here; an admin appoints an arbiter here, or takes the role back. The heading
 * and the document title are the member's name.
 */
export default function MemberPage() {
  const { api, member: me } = useSession();
  const link = useRouterLink();
  const id = routeId(useParams().id);
  const load = useCallback(async () => {
    if (id === null) throw new ApiError({ type: 'about:blank', title: 'Not found', status: 404 });
    return api.member(id);
  }, [api, id]);
  const { data: member, loading, error, status, reload } = useLoad<Member>(load);
  const { photograph, uploading, dialog } = useMemberPhoto(reload);
  const { busy, run } = useAction(reload);
  const shown = member && member.id === id ? member : undefined;
  const [history, setHistory] = useState<{ id: number; list: RatingChange[] } | null>(null);
  const [played, setPlayed] = useState<{ id: number; list: Tournament[] } | null>(null);

  useEffect(() => {
    if (id === null) return;
    let live = true;
    api.ratings(id).then(
      (list) => live && setHistory({ id, list }),
      () => live && setHistory({ id, list: [] }),
    );
    api.memberTournaments(id).then(
      (list) => live && setPlayed({ id, list }),
      () => live && setPlayed({ id, list: [] }),
    );
    return () => {
      live = false;
    };
  }, [api, id]);

  usePageTitle(shown?.full_name);
  useEffect(markFirstRender, []);

  if (status === 404) {
    return (
      <div className="state" role="alert">
        <IonIcon icon={peopleOutline} className="state-icon" aria-hidden="true" />
        <p>There is no member with this number.</p>
        <IonButton {...link('/members')}>
          <IonIcon slot="start" icon={peopleOutline} aria-hidden="true" />
          See all members
        </IonButton>
      </div>
    );
  }
  if (error) {
    return <LoadError error={error} retry={() => void reload()} />;
  }
  if (!shown) {
    return loading ? <Loading /> : null;
  }

  const mine = me?.id === shown.id;
  const photoLabel = shown.photo_url ? 'Replace photo' : 'Take photo';
  return (
    <article className="profile">
      <div className="profile-photo">
        {shown.photo_url ? (
          <img src={api.assetUrl(shown.photo_url)} alt={`Photo of ${shown.full_name}`} />
        ) : (
          <div className="profile-initials" aria-hidden="true">
            {initials(shown.full_name)}
          </div>
        )}
        {!shown.photo_url && (
          <p className="hint">{mine ? 'Add a photo so that opponents recognise you at the board.' : 'No photo yet.'}</p>
        )}
        {mayPhotograph(me, shown) && (
          <IonButton fill={shown.photo_url ? 'outline' : 'solid'} onClick={() => void photograph(shown)}>
            {uploading === shown.id ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={cameraOutline} aria-hidden="true" />}
            {photoLabel}
          </IonButton>
        )}
      </div>
      <div className="profile-facts">
        <p className="profile-handle">
          @{shown.username}
          {roleName(shown.role) ? ` · ${roleName(shown.role)}` : ''}
        </p>
        <dl>
          <div className="fact fact-rating">
            <dt>
              <IonIcon icon={ribbonOutline} aria-hidden="true" /> Rating
            </dt>
            <dd className="rating-value">{ratingText(shown)}</dd>
          </div>
          <div className="fact">
            <dt>Member since</dt>
            <dd>{formatMonth(shown.joined_at)}</dd>
          </div>
          {shown.rating_status === 'rated' && shown.rated_games !== undefined && (
            <div className="fact">
              <dt>Rated games</dt>
              <dd>{shown.rated_games}</dd>
            </div>
          )}
          {shown.email && (
            <div className="fact">
              <dt>
                <IonIcon icon={mailOutline} aria-hidden="true" /> Email
              </dt>
              <dd>{shown.email}</dd>
            </div>
          )}
        </dl>
      </div>
      <ScreenBoundary fallback={null}>
        <Suspense fallback={null}>
          <FideDetails member={shown} mine={mine} mayEdit={mayPhotograph(me, shown)} reload={reload} />
        </Suspense>
      </ScreenBoundary>
      {me?.role === 'admin' && !mine && shown.role !== 'admin' && (
        <section className="role-control" aria-labelledby="role-title">
          <h2 id="role-title">Role</h2>
          <p className="muted">
            {shown.role === 'arbiter'
              ? `${shown.full_name} is an arbiter: they direct rated tournaments, enter members and correct results after a finish.`
              : `An arbiter directs rated tournaments, enters members without an invitation and corrects results after a finish.`}
          </p>
          <IonButton
            fill={shown.role === 'arbiter' ? 'outline' : 'solid'}
            disabled={!!busy}
            onClick={() =>
              void run(
                'role',
                () => api.setRole(shown.id, shown.role === 'arbiter' ? 'member' : 'arbiter'),
                shown.role === 'arbiter' ? `${shown.full_name} is no longer an arbiter.` : `${shown.full_name} is now an arbiter.`,
              )
            }
          >
            {busy === 'role' ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={shieldCheckmarkOutline} aria-hidden="true" />}
            {shown.role === 'arbiter' ? 'Take back the arbiter role' : 'Make arbiter'}
          </IonButton>
        </section>
      )}
      <section className="rating-history" aria-labelledby="history-title">
        <h2 id="history-title">Rating history</h2>
        {history && history.id === shown.id ? <RatingHistory history={history.list} /> : <Loading label="Loading the rating history…" />}
      </section>
      <section className="played" aria-labelledby="played-title">
        <h2 id="played-title">Tournaments</h2>
        {!played || played.id !== shown.id ? (
          <Loading label="Loading the tournaments…" />
        ) : played.list.length === 0 ? (
          <p className="muted">No tournaments entered yet.</p>
        ) : (
          <ol className="rating-list" aria-label="Tournaments played">
            {played.list.map((t) => (
              <li key={t.id}>
                <Link to={`/tournaments/${t.id}`}>{t.name}</Link>
                <span className="muted">
                  {' '}
                  {formatName(t.format)} · {formatDay(t.start_date)}
                  {t.state === 'running' ? ' · running' : t.state === 'open' ? ' · taking entries' : ''}
                  {t.rated ? ' · rated' : ''}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      {dialog}
    </article>
  );
}
