import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { arrowUndoOutline, checkmarkOutline, closeOutline, enterOutline, exitOutline, linkOutline, mailOutline, personAddOutline } from 'ionicons/icons';
import type { Invitation, Member, MissedRounds, Player } from '../../api/types';
import { IonButton, IonIcon, IonSpinner, askConfirm } from '../../components/ionic';
import { hasAuthority, ratingText, thumbnails } from '../../rules/members';
import { ratingLabel } from '../../rules/views';
import { GuestBadge } from './GuestBadge';
import { PlayerAvatar } from './PlayerAvatar';
import { useSession } from '../../hooks/useSession';
import { useAction } from '../../hooks/useAction';
import { withdrawText } from '../../rules/play';
import type { TabProps } from './TournamentData';
import { ByesSection } from './ByesSection';
import { MissedRoundsChoice } from './MissedRoundsChoice';
import { WalkInForm } from './WalkInForm';
import { ForbiddenPairsSection } from './ForbiddenPairsSection';
import { enterMember, inviteMember } from '../../api/tournamentCalls';
import { roundList } from '../../rules/byes';

/** What the players tab knows besides the tournament: the members to choose from and the invitations. */
interface Extras {
  members: Member[] | null;
  /** The tournament's invitations, for its organisers. */
  invitations: Invitation[];
  /** The caller's own pending invitation to this tournament (GET /me/invitations lists only those). */
  mine: Invitation | null;
}

/**
 * PlayersTab lists the entries (pairing number, name, rating), lets a member enter while the
 * tournament is open and leave (before the start) or withdraw (after it), and answer an
 * invitation to it. Nobody's games go on a member's record without their consent or an
 * arbiter's authority: an organiser who is an arbiter or an admin adds members directly, any
 * other organiser invites them (and sees who has not answered or declined); the organiser adds a
 * player who has no account as a guest (WalkInForm); an admin links a guest player (a walk-in,
 * or one of an imported tournament) to the member who played. A member added to a running
 * Swiss is a late entry: the organiser chooses whether the rounds played before count as zero or
 * half a point each. Below the list: the half-point byes asked for, and (for the organiser) the
 * players kept apart.
 */
export function PlayersTab({ data, organiser, reload }: TabProps) {
  const { api, member: me, status } = useSession();
  const { tournament: t, players } = data;
  const [extras, setExtras] = useState<Extras>({ members: null, invitations: [], mine: null });
  const [adding, setAdding] = useState('');
  const [missed, setMissed] = useState<MissedRounds>('zero');
  const [linking, setLinking] = useState<{ guest: number; member: string } | null>(null);
  const open = t.state === 'open';
  const running = t.state === 'running';
  const finished = t.state === 'finished';
  const direct = organiser && hasAuthority(me);
  const admin = me?.role === 'admin';
  // The members' list: the candidates an organiser adds, the members an admin links a guest to,
  // and for every member logged in (who may read it) the photos of the players' avatars.
  const wantMembers = !!me;

  const loadExtras = useCallback(async () => {
    const [members, invitations, mine] = await Promise.all([
      wantMembers ? api.members().catch(() => []) : Promise.resolve(null),
      organiser && !finished ? api.invitations(t.id).catch(() => []) : Promise.resolve([]),
      me && !finished ? api.myInvitations().then((list) => list.find((i) => i.tournament_id === t.id) ?? null, () => null) : Promise.resolve(null),
    ]);
    setExtras({ members, invitations, mine });
  }, [api, t.id, me, organiser, finished, wantMembers]);
  useEffect(() => {
    void loadExtras();
  }, [loadExtras]);
  const refresh = useCallback(async () => {
    await Promise.all([reload(), loadExtras()]);
  }, [reload, loadExtras]);
  const { busy, run } = useAction(refresh);

  const photos = thumbnails(extras.members);
  const entry = me ? players.find((p) => p.member_id === me.id) : undefined;
  // A member added once rounds are paired misses them: a late entry.
  const played = t.current_round;
  const late = running && played > 0;
  const leaveWord = (p: Player) => (open ? 'Remove' : 'Withdraw') + ` ${p.full_name}`;
  const pending = extras.invitations.filter((i) => i.status === 'pending');
  const declined = extras.invitations.filter((i) => i.status === 'declined');
  const candidates = (extras.members ?? []).filter((m) => !m.guest && !players.some((p) => p.member_id === m.id) && !pending.some((i) => i.member_id === m.id));
  const linkable = (extras.members ?? []).filter((m) => !m.guest && !players.some((p) => p.member_id === m.id));
  const sorted = [...players].sort((a, b) => (a.start_rank ?? 1e9) - (b.start_rank ?? 1e9) || (b.rating ?? 0) - (a.rating ?? 0) || a.full_name.localeCompare(b.full_name));
  const spin = (name: string, icon: string) => (busy === name ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={icon} aria-hidden="true" />);

  // Leaving before the start is undone by entering again; a withdrawal is asked first, saying
  // what it does and whether it can be undone.
  async function confirmOut(memberId: number, name: string, done: string) {
    const call = () => api.leave(t.id, memberId);
    if (!open && !(await askConfirm(withdrawText(t, name, memberId === me?.id)))) return;
    await run(memberId === me?.id ? 'leave' : `out-${memberId}`, call, done);
  }
  // POST .../reinstate: a running Swiss, by the player themself, an arbiter or an admin. The call
  // is made here rather than as a method of Api, whose module is part of the first screen's
  // download, which has no room to spare.
  const mayReinstate = (p: Player) => running && t.format === 'swiss' && p.withdrawn_after !== null && !!me && (me.id === p.member_id || hasAuthority(me)) && (t.rounds === null || t.current_round < t.rounds);

  return (
    <div className="players">
      {status === 'out' && open && (
        <p>
          <Link to={`/login?next=${encodeURIComponent(`/tournaments/${t.id}`)}`}>Log in</Link> to enter this tournament.
        </p>
      )}
      {me && extras.mine && !entry && (
        <section className="invitation-card" role="region" aria-label="Your invitation">
          <p>
            <IonIcon icon={mailOutline} aria-hidden="true" /> You are invited to play in {t.name}.
            {running && extras.mine.missed_rounds === 'half' ? ' Rounds paired before you accept count as half-point byes.' : ''}
          </p>
          <div className="actions">
            <IonButton disabled={!!busy} onClick={() => void run('accept', () => api.acceptInvitation(t.id, me.id), `You are entered in ${t.name}.`)}>
              {spin('accept', checkmarkOutline)}
              Accept
            </IonButton>
            <IonButton fill="outline" disabled={!!busy} onClick={() => void run('decline', () => api.declineInvitation(t.id, me.id), 'You have declined the invitation.')}>
              {spin('decline', closeOutline)}
              Decline
            </IonButton>
          </div>
        </section>
      )}
      {me && open && !entry && !extras.mine && (
        <IonButton expand="block" disabled={!!busy} onClick={() => void run('enter', () => api.enter(t.id), `You are entered in ${t.name}.`)}>
          {spin('enter', enterOutline)}
          Enter this tournament
        </IonButton>
      )}
      {me && entry && (open || (running && entry.withdrawn_after === null)) && (
        <IonButton expand="block" fill="outline" disabled={!!busy} onClick={() => void confirmOut(me.id, 'You', open ? 'You have left the tournament.' : 'You have withdrawn.')}>
          {spin('leave', exitOutline)}
          {open ? 'Leave this tournament' : 'Withdraw'}
        </IonButton>
      )}
      {organiser && (open || (running && t.format === 'swiss')) && extras.members && (
        <form
          className="add-player no-print"
          onSubmit={(e) => {
            e.preventDefault();
            const m = candidates.find((c) => String(c.id) === adding);
            if (!m) return;
            const call = late ? (direct ? () => enterMember(api, t.id, m.id, missed) : () => inviteMember(api, t.id, m.id, missed)) : direct ? () => api.enter(t.id, m.id) : () => api.invite(t.id, m.id);
            void run('add', call, direct ? `${m.full_name} is entered.` : `${m.full_name} is invited; they enter by accepting.`).then(() => {
              setAdding('');
              setMissed('zero');
            });
          }}
        >
          <label htmlFor="add-member">{direct ? 'Add a member' : 'Invite a member'}</label>
          <div className="add-row">
            <select id="add-member" value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">Choose a member…</option>
              {candidates.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.full_name} · {ratingText(m)}
                </option>
              ))}
            </select>
            <IonButton type="submit" disabled={!adding || !!busy}>
              {spin('add', direct ? personAddOutline : mailOutline)}
              {direct ? 'Add' : 'Invite'}
            </IonButton>
          </div>
          {late && <MissedRoundsChoice played={played} value={missed} onChange={setMissed} name="missed_rounds" />}
          {!direct && <p className="hint">A member's games go on their record only with their consent: they enter when they accept the invitation.</p>}
        </form>
      )}
      {organiser && (open || (running && t.format === 'swiss')) && <WalkInForm tournament={t} done={reload} />}
      {organiser && (pending.length > 0 || declined.length > 0) && (
        <section className="invitations no-print" aria-labelledby="invitations-title">
          <h3 id="invitations-title">Invitations</h3>
          <ul aria-label="Invitations">
            {[...pending, ...declined].map((i) => (
              <li key={i.member_id} className="invitation-row" data-member={i.member_id}>
                <span className="player-name">{i.full_name}</span>
                <span className="muted">{i.status === 'pending' ? 'not answered yet' : 'declined'}</span>
                <IonButton size="small" fill="clear" aria-label={`Withdraw the invitation of ${i.full_name}`} disabled={!!busy} onClick={() => void run(`uninvite-${i.member_id}`, () => api.withdrawInvitation(t.id, i.member_id), `The invitation of ${i.full_name} is withdrawn.`)}>
                  Withdraw
                </IonButton>
              </li>
            ))}
          </ul>
        </section>
      )}
      {players.length === 0 ? (
        <p className="empty-note">No players yet.</p>
      ) : (
        <ol className="player-list" aria-label="Players">
          {sorted.map((p) => (
            <li key={p.member_id} className={me?.id === p.member_id ? 'player-row mine' : 'player-row'} data-member={p.member_id}>
              <span className="place">{p.start_rank ?? ''}</span>
              <PlayerAvatar name={p.full_name} thumbnail={p.guest ? undefined : photos.get(p.member_id)} />
              <span className="player-name">
                <Link to={`/tournaments/${t.id}?tab=players&player=${p.member_id}`}>{p.full_name}</Link>
                {p.guest && <GuestBadge />}
                {p.withdrawn_after !== null && <small> (withdrew after round {p.withdrawn_after})</small>}
                {p.requested_byes.length > 0 && <small className="muted"> (half-point bye asked for {roundList(p.requested_byes)})</small>}
              </span>
              <span className="num">{ratingLabel(p.rating, p.rating_status)}</span>
              {organiser && me?.id !== p.member_id && (open || (running && p.withdrawn_after === null)) && (
                <IonButton size="small" fill="clear" className="no-print" aria-label={leaveWord(p)} disabled={!!busy} onClick={() => void confirmOut(p.member_id, p.full_name, `${p.full_name} is ${open ? 'removed' : 'withdrawn'}.`)}>
                  {open ? 'Remove' : 'Withdraw'}
                </IonButton>
              )}
              {mayReinstate(p) && (
                <IonButton size="small" fill="clear" className="no-print" aria-label={`Reinstate ${p.full_name}`} disabled={!!busy} onClick={() => void run(`back-${p.member_id}`, () => api.request('POST', `/tournaments/${t.id}/players/${p.member_id}/reinstate`), `${p.full_name} is paired again from the next round.`)}>
                  <IonIcon slot="start" icon={arrowUndoOutline} aria-hidden="true" />
                  Reinstate
                </IonButton>
              )}
              {admin && p.guest && extras.members && (
                <IonButton size="small" fill="clear" className="no-print" aria-label={`Link ${p.full_name} to a member`} disabled={!!busy} onClick={() => setLinking({ guest: p.member_id, member: '' })}>
                  <IonIcon slot="start" icon={linkOutline} aria-hidden="true" />
                  Link
                </IonButton>
              )}
              {linking?.guest === p.member_id && (
                <form
                  className="add-row link-guest no-print"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const m = linkable.find((c) => String(c.id) === linking.member);
                    if (m) void run(`link-${p.member_id}`, () => api.linkGuest(t.id, p.member_id, m.id), `${p.full_name} is now ${m.full_name}.`).then(() => setLinking(null));
                  }}
                >
                  <label htmlFor={`link-${p.member_id}`}>The member who played as {p.full_name}</label>
                  <select id={`link-${p.member_id}`} value={linking.member} onChange={(e) => setLinking({ guest: p.member_id, member: e.target.value })}>
                    <option value="">Choose a member…</option>
                    {linkable.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.full_name} (@{m.username})
                      </option>
                    ))}
                  </select>
                  <IonButton type="submit" size="small" disabled={!linking.member || !!busy}>
                    Link
                  </IonButton>
                  <IonButton size="small" fill="clear" onClick={() => setLinking(null)}>
                    Cancel
                  </IonButton>
                </form>
              )}
            </li>
          ))}
        </ol>
      )}
      <ByesSection data={data} me={me} organiser={organiser} busy={busy} run={run} />
      {organiser && <ForbiddenPairsSection data={data} busy={busy} run={run} />}
    </div>
  );
}
