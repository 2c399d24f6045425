import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { enterOutline, exitOutline, personAddOutline } from 'ionicons/icons';
import type { Member, Player } from '../../api';
import { IonButton, IonIcon, IonSpinner } from '../../components/ionic';
import { useRouterLink } from '../../links';
import { useSession } from '../../session';
import type { TabProps } from './PairingsTab';
import { useAction } from './useAction';

/**
 * PlayersTab lists the entries (pairing number, name, rating), lets a member enter while the
 * tournament is open and leave (before the start) or withdraw (after it), and lets the organiser
 * add any member and take players out.
 */
export function PlayersTab({ data, organiser, reload }: TabProps) {
  const { api, member: me, status } = useSession();
  const link = useRouterLink();
  const { tournament: t, players } = data;
  const { busy, run } = useAction(reload);
  const [members, setMembers] = useState<Member[] | null>(null);
  const [adding, setAdding] = useState('');
  const entry = me ? players.find((p) => p.member_id === me.id) : undefined;
  const open = t.state === 'open';
  const running = t.state === 'running';

  useEffect(() => {
    if (!organiser || t.state === 'finished') return;
    let live = true;
    api.members().then(
      (list) => live && setMembers(list),
      () => live && setMembers([]),
    );
    return () => {
      live = false;
    };
  }, [api, organiser, t.state]);


  const leaveWord = (p: Player) => (open ? 'Remove' : 'Withdraw') + ` ${p.full_name}`;
  const candidates = (members ?? []).filter((m) => !m.guest && !players.some((p) => p.member_id === m.id));
  const sorted = [...players].sort((a, b) => (a.start_rank ?? 1e9) - (b.start_rank ?? 1e9) || (b.rating ?? 0) - (a.rating ?? 0) || a.full_name.localeCompare(b.full_name));

  return (
    <div className="players">
      {status === 'out' && open && (
        <p>
          <Link to={`/login?next=${encodeURIComponent(`/tournaments/${t.id}`)}`}>Log in</Link> to enter this tournament.
        </p>
      )}
      {me && open && !entry && (
        <IonButton expand="block" disabled={!!busy} onClick={() => void run('enter', () => api.enter(t.id), `You are entered in ${t.name}.`)}>
          {busy === 'enter' ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={enterOutline} aria-hidden="true" />}
          Enter this tournament
        </IonButton>
      )}
      {me && entry && (open || (running && entry.withdrawn_after === null)) && (
        <IonButton expand="block" fill="outline" color="danger" disabled={!!busy} onClick={() => void run('leave', () => api.leave(t.id, me.id), open ? 'You have left the tournament.' : 'You have withdrawn.')}>
          {busy === 'leave' ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={exitOutline} aria-hidden="true" />}
          {open ? 'Leave this tournament' : 'Withdraw'}
        </IonButton>
      )}
      {organiser && (open || (running && t.format === 'swiss')) && members && (
        <form
          className="add-player no-print"
          onSubmit={(e) => {
            e.preventDefault();
            const m = candidates.find((c) => String(c.id) === adding);
            if (m) void run('add', () => api.enter(t.id, m.id), `${m.full_name} is entered.`).then(() => setAdding(''));
          }}
        >
          <label htmlFor="add-member">Add a member</label>
          <div className="add-row">
            <select id="add-member" value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">Choose a member…</option>
              {candidates.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.full_name} ({m.rating})
                </option>
              ))}
            </select>
            <IonButton type="submit" disabled={!adding || !!busy}>
              <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />
              Add
            </IonButton>
          </div>
        </form>
      )}
      {players.length === 0 ? (
        <p className="empty-note">No players yet.</p>
      ) : (
        <ol className="player-list" aria-label="Players">
          {sorted.map((p) => (
            <li key={p.member_id} className={me?.id === p.member_id ? 'player-row mine' : 'player-row'} data-member={p.member_id}>
              <span className="place">{p.start_rank ?? ''}</span>
              <span className="player-name">
                {p.guest ? p.full_name : <a {...link(`/members/${p.member_id}`)}>{p.full_name}</a>}
                {p.withdrawn_after !== null && <small> (withdrew after round {p.withdrawn_after})</small>}
              </span>
              <span className="num">{p.rating ?? 'unrated'}</span>
              {organiser && me?.id !== p.member_id && (open || (running && p.withdrawn_after === null)) && (
                <IonButton size="small" fill="clear" color="danger" className="no-print" aria-label={leaveWord(p)} disabled={!!busy} onClick={() => void run(`out-${p.member_id}`, () => api.leave(t.id, p.member_id), `${p.full_name} is ${open ? 'removed' : 'withdrawn'}.`)}>
                  {open ? 'Remove' : 'Withdraw'}
                </IonButton>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
