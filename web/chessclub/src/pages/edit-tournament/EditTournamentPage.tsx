import { useCallback, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/problem';
import type { Tournament, TournamentPatch } from '../../api/types';
import { Loading } from '../../components/AppPage';
import { IonButton, showToast } from '../../components/ionic';
import { ADVANCED_FIELDS, FIDE_REPORT_FIELDS, tournamentInput, type TournamentValues } from '../../rules/forms';
import { useRouterLink } from '../../hooks/useRouterLink';
import { markFirstRender } from '../../platform/perf';
import { useSession } from '../../hooks/useSession';
import { useLoad } from '../../hooks/useLoad';
import { routeId } from '../../rules/routes';
import { TournamentForm } from '../../components/TournamentForm';

/**
 * The fields that may change once a tournament has started (README, "Running a tournament"):
 * its name, place and description, and what its FIDE report says of it (often completed after
 * the last round); once it has finished also whether it is rated.
 */
const STARTED_EDITABLE = new Set<string>(['name', 'location', 'description', ...FIDE_REPORT_FIELDS]);
const FINISHED_EDITABLE = new Set([...STARTED_EDITABLE, 'rated']);
const ALL: (keyof TournamentValues)[] = ['name', 'start_date', 'end_date', 'location', 'format', 'rounds', 'time_control', 'description', 'rated', 'double_round_robin', 'players_report', 'bye_limit', ...ADVANCED_FIELDS];

/** formValues fills the tournament form with a tournament's settings. */
export function formValues(t: Tournament): TournamentValues {
  return {
    name: t.name,
    start_date: t.start_date,
    end_date: t.end_date,
    location: t.location ?? '',
    format: t.format,
    rounds: t.rounds === null ? '' : String(t.rounds),
    time_control: t.time_control ?? '',
    description: t.description ?? '',
    rated: t.rated ? 'yes' : '',
    double_round_robin: t.double_round_robin ? 'yes' : '',
    players_report: t.players_report ? 'yes' : '',
    bye_limit: String(t.bye_limit),
    initial_colour: t.initial_colour,
    acceleration: t.acceleration,
    points_win: String(t.points_win),
    points_draw: String(t.points_draw),
    points_loss: String(t.points_loss),
    points_bye: String(t.points_bye),
    rating_type: t.rating_type,
    city: t.city ?? '',
    federation: t.federation ?? '',
    chief_arbiter: t.chief_arbiter ?? '',
    deputy_arbiters: (t.deputy_arbiters ?? []).join('\n'),
    time_control_code: t.time_control_code ?? '',
    round_dates: (t.round_dates ?? []).join(','),
  };
}

/**
 * changes is the merge patch from a tournament's settings to the form's: only the fields that
 * differ, so that a started tournament's fixed settings are not sent.
 */
export function changes(before: TournamentValues, after: TournamentValues): TournamentPatch {
  const a = tournamentInput(before);
  const b = tournamentInput(after);
  const patch: Record<string, unknown> = {};
  // Compared as JSON, so that lists (the deputy arbiters) compare by what they hold.
  for (const k of Object.keys(b) as (keyof typeof b)[]) {
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) patch[k] = b[k];
  }
  return patch as TournamentPatch;
}

/**
 * EditTournamentPage changes a tournament's settings (the organiser's); a started one keeps all
 * but its name, place, description and FIDE report fields (shown, but greyed out and said to be
 * fixed), and a finished one may also be made rated or unrated
 * (by an arbiter or an admin: the club ratings are then computed again).
 */
export default function EditTournamentPage() {
  const { api } = useSession();
  const navigate = useNavigate();
  const link = useRouterLink();
  const id = routeId(useParams().id);
  const load = useCallback(async () => {
    if (id === null) throw new ApiError({ type: 'about:blank', title: 'Not found', status: 404, detail: 'There is no tournament with this number.' });
    return api.tournament(id);
  }, [api, id]);
  const { data: t, loading, error } = useLoad(load);
  useEffect(markFirstRender, []);

  if (error) {
    return (
      <div className="state" role="alert">
        <p>{error}</p>
        <IonButton {...link('/tournaments')}>See all tournaments</IonButton>
      </div>
    );
  }
  if (!t || t.id !== id) return loading ? <Loading /> : null;
  const initial = formValues(t);
  const editable = t.state === 'finished' ? FINISHED_EDITABLE : STARTED_EDITABLE;
  const locked = t.state && t.state !== 'open' ? new Set(ALL.filter((f) => !editable.has(f))) : undefined;
  return (
    <TournamentForm
      initial={initial}
      submitLabel="Save changes"
      locked={locked}
      started={!!t.state && t.state !== 'open'}
      onSubmit={async (v) => {
        const patch = changes(initial, v);
        if (Object.keys(patch).length > 0) await api.updateTournament(t.id, patch);
        void showToast({ message: `Tournament “${v.name.trim()}” saved.`, duration: 3000, color: 'success' });
        navigate(`/tournaments/${t.id}`);
      }}
    />
  );
}
