import { useEffect, useMemo, useState } from 'react';
import { checkmarkOutline, closeOutline } from 'ionicons/icons';
import { ApiError } from '../../api/problem';
import type { PairingCheck, PlayerRef, Round } from '../../api/types';
import { IonButton, IonIcon, IonSpinner, askConfirm, showToast } from '../../components/ionic';
import {
  confirmWorse,
  criteriaIn,
  draftOf,
  nextRoundDraft,
  proposal,
  refusalLines,
  sameDraft,
  swapColours,
  swapSeats,
  verdictText,
  type Draft,
  type Seat,
  type VerdictText,
} from '../../rules/checker';
import { useSession } from '../../hooks/useSession';
import { pointsBefore } from '../../rules/wall';
import { errorText } from '../../rules/words';
import type { TournamentData } from './TournamentData';
import { Verdict } from './RoundCheck';

interface Props {
  data: TournamentData;
  /** The round to pair by hand: the last one paired, or the next. */
  round: number;
  close(): void;
  reload(): Promise<void>;
}

/**
 * ManualPairing is the arbiter's pairing by hand of a Swiss round (C.04.2: the arbiter answers
 * for it): the round just paired, while none of its results is in, or the next one. Tapping a
 * player and then another swaps them (between boards, or with the bye, which moves the bye); a
 * board's own button swaps its colours. Check asks the pairing checker what it thinks (POST
 * …/pairing/check); Save checks first and, when the checker finds the pairing worse than the
 * Dutch system's, asks before saving, naming each criterion in words (PUT …/pairing with
 * confirm). A refused pairing is explained field by field.
 */
export default function ManualPairing({ data, round: n, close, reload }: Props) {
  const { api } = useSession();
  const { tournament: t, rounds, players } = data;
  const existing: Round | undefined = rounds.find((r) => r.number === n);
  const start = useMemo(
    () => (existing ? draftOf(existing) : nextRoundDraft(n, players, pointsBefore(n, rounds, data.crosstable, t))),
    [existing, n, players, rounds, data.crosstable, t],
  );
  const [draft, setDraft] = useState<Draft>(start);
  const [picked, setPicked] = useState<Seat | null>(null);
  const [verdict, setVerdict] = useState<{ check: PairingCheck; text: VerdictText } | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [busy, setBusy] = useState<'' | 'check' | 'save'>('');
  const path = `/tournaments/${t.id}/rounds/${n}/pairing`;
  // A pairing changed by hand and not saved is not lost without a word: a reload or a closed
  // tab asks first (the browser's own question), and so does Cancel.
  const dirty = JSON.stringify(draft) !== JSON.stringify(start);
  useEffect(() => {
    if (!dirty) return;
    const stay = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', stay);
    return () => window.removeEventListener('beforeunload', stay);
  }, [dirty]);
  async function cancel() {
    if (dirty && !(await askConfirm({ header: 'Leave the pairing by hand?', message: `Your changes to round ${n} are not saved; leaving drops them.`, confirm: 'Leave', danger: true }))) return;
    close();
  }

  function change(next: Draft) {
    setDraft(next);
    setVerdict(null);
    setRefusal([]);
  }

  function tap(seat: Seat) {
    if (picked === null) return setPicked(seat);
    if (picked !== seat) change(swapSeats(draft, picked, seat));
    setPicked(null);
  }

  // refused explains a refusal: a 422 field by field, anything else in the server's words.
  function refused(err: unknown) {
    if (err instanceof ApiError && err.status === 422 && Object.keys(err.fields).length > 0) {
      setRefusal(['This pairing cannot be saved:', ...refusalLines(err.fields)]);
    } else {
      setRefusal([errorText(err)]);
    }
  }

  async function check(): Promise<PairingCheck | null> {
    setBusy('check');
    setRefusal([]);
    try {
      const c = await api.request<PairingCheck>('POST', `${path}/check`, { json: proposal(draft) });
      const boardOf = (white: number) => {
        const i = draft.boards.findIndex((b) => b.white.member_id === white);
        return i < 0 ? undefined : i + 1;
      };
      setVerdict({ check: c, text: verdictText(c, boardOf) });
      return c;
    } catch (err) {
      refused(err);
      return null;
    } finally {
      setBusy('');
    }
  }

  async function put(confirm: boolean) {
    await api.request<Round>('PUT', path, { json: proposal(draft, confirm) });
    void showToast({ message: `Round ${n} is paired as you set it.`, duration: 3000, color: 'success' });
    close();
    await reload();
  }

  async function save() {
    const c = await check();
    if (!c) return;
    // A pairing that breaks an absolute criterion is sent all the same, when a pairing that
    // meets them exists: the server refuses it (422), and the refusal is explained.
    const warnings = c.no_pairing ? c.breaks : c.breaks.length > 0 ? [] : c.worse;
    if (warnings.length > 0 && !(await askConfirm(confirmWorse(warnings, c.no_pairing)))) return;
    setBusy('save');
    try {
      await put(warnings.length > 0);
    } catch (err) {
      // The tournament may have changed since the check: a 409 then names what is worse now.
      const codes = err instanceof ApiError && err.status === 409 ? criteriaIn(err.fields.confirm ?? '') : [];
      if (codes.length > 0 && (await askConfirm(confirmWorse(codes)))) {
        try {
          await put(true);
        } catch (again) {
          refused(again);
        }
      } else if (codes.length === 0) {
        refused(err);
      }
    } finally {
      setBusy('');
    }
  }

  const player = (seat: Seat, p: PlayerRef, where: string) => (
    <button type="button" className={picked === seat ? 'seat picked' : 'seat'} aria-pressed={picked === seat} aria-label={`${where}: ${p.start_rank} ${p.full_name}`} onClick={() => tap(seat)}>
      <span className="pno">{p.start_rank}</span> {p.full_name}
    </button>
  );

  return (
    <section className="manual-pairing" aria-labelledby="manual-title">
      <h3 id="manual-title">{existing ? `Round ${n}: change the pairing` : `Round ${n}: pair by hand`}</h3>
      <p className="hint">
        Tap a player, then another: they change places. Tap a player, then the bye, to give them the bye. The arrows swap the colours on a board. Check tells you how the pairing compares with the Dutch
        system’s; you answer for the change.
      </p>
      {picked !== null && (
        <p className="picked-note" role="status">
          Now tap the player to swap with, or the same one again to let go.
        </p>
      )}
      <ol className="manual-boards" aria-label={`Round ${n}, pairing by hand`}>
        {draft.boards.map((b, i) => (
          <li key={i} className="manual-board" data-board={i + 1}>
            <span className="board-no">{i + 1}</span>
            {player(`${i}:white`, b.white, `Board ${i + 1}, White`)}
            <button type="button" className="swap-colours" aria-label={`Swap colours on board ${i + 1}`} title="Swap colours" onClick={() => change(swapColours(draft, i))}>
              <span aria-hidden="true">⇄</span>
            </button>
            {player(`${i}:black`, b.black, `Board ${i + 1}, Black`)}
          </li>
        ))}
      </ol>
      <p className="manual-bye">
        <span>Bye: </span>
        {draft.bye ? player('bye', draft.bye, 'Bye') : <span className="muted">none (an even number of players)</span>}
      </p>
      {refusal.length > 0 && (
        <div className="refusal" role="alert">
          {refusal.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {verdict && <Verdict verdict={verdict.text} label="What the checker says" />}
      <div className="actions">
        <IonButton fill="outline" disabled={!!busy} onClick={() => void check()}>
          {busy === 'check' ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={checkmarkOutline} aria-hidden="true" />}
          Check
        </IonButton>
        <IonButton disabled={!!busy} onClick={() => void save()}>
          {busy === 'save' && <IonSpinner slot="start" name="dots" aria-hidden="true" />}
          Save
        </IonButton>
        <IonButton fill="clear" disabled={!!busy || sameDraft(draft, start)} onClick={() => change(start)}>
          Start again
        </IonButton>
        <IonButton fill="clear" disabled={!!busy} onClick={() => void cancel()}>
          <IonIcon slot="start" icon={closeOutline} aria-hidden="true" />
          Cancel
        </IonButton>
      </div>
    </section>
  );
}
