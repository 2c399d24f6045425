// The API's wire types, by the names the screens use: each is the server's own schema, from the
// types openapi-typescript generates of its OpenAPI document (./schema.ts), never a copy by hand.
// Where a screen needs a part of one (a format, a result), it is named here from the whole, so
// that a change to the document reaches every use. Types only: nothing here is in the build.
import type { components, paths } from './schema';

type Schemas = components['schemas'];

/** A club member. `email`, `birth_year`, `birth_date` and `national_id` only for oneself and admins. */
export type Member = Schemas['Member'];
/** An arbiter directs rated events and enters members; an admin does all and appoints arbiters. */
export type Role = Member['role'];
/** A player's FIDE title, as a TRF player record carries it. */
export type FideTitle = NonNullable<Member['title']>;
/** What POST /user accepts. */
export type Registration = Schemas['Registration'];
/** The answer to POST /login: the token, and the device token sent with the next login (see Api.login). */
export type LoginResult = Schemas['Session'];
/** A stored member photo. */
export type Figure = Schemas['Figure'];
/** One rated tournament in a member's rating history. */
export type RatingChange = Schemas['RatingChange'];
/** What POST /admin/fide-ratings answers: what a FIDE rating list changed. */
export type FideListResult = paths['/api/admin/fide-ratings']['post']['responses'][200]['content']['application/json'];

/** A tournament; dates are YYYY-MM-DD. */
export type Tournament = Schemas['Tournament'];
export type TournamentFormat = Tournament['format'];
/** open (taking entries) → running (rounds paired and played) → finished. */
export type TournamentState = Tournament['state'];
/** Which FIDE rating list a tournament is played for. */
export type RatingType = Tournament['rating_type'];
/** What POST /tournaments accepts, the advanced and FIDE report settings included. */
export type TournamentRequest = Schemas['TournamentInput'];
/** A merge patch of a tournament (PATCH /tournaments/{id}). */
export type TournamentPatch = Schemas['TournamentPatch'];

/** An entry of a tournament (GET /tournaments/{id}/players). */
export type Player = Schemas['Player'];
/** A player as a board or a standings row names them. */
export type PlayerRef = Schemas['PlayerRef'];
/** What a late entry gets for each round paired before it: nothing, or half a point. */
export type MissedRounds = NonNullable<Schemas['EntryInput']['missed_rounds']>;
/** What POST /tournaments/{id}/players takes: a member (member_id) or a walk-in without an account (full_name…). */
export type EntryInput = Schemas['EntryInput'];
/** An invitation to play (organisers who are not arbiters invite; the member accepts or declines). */
export type Invitation = Schemas['Invitation'];
/** Two players of a Swiss who must not meet from from_round to to_round (null: to the last). */
export type ForbiddenPair = Schemas['ForbiddenPair'];

export type Round = Schemas['Round'];
export type Board = Schemas['Board'];
/** The results a board may have, once reported. */
export type GameResult = NonNullable<Board['result']>;
export type Bye = Schemas['Bye'];

export type Standings = Schemas['Standings'];
export type StandingsRow = Schemas['StandingsRow'];
/** How one tie-break value is reached (FIDE C.07), as the server computes it (standings?explain=1). */
export type TiebreakBreakdown = Schemas['TiebreakBreakdown'];
/** One round's part in a tie-break value. */
export type TiebreakTerm = Schemas['TiebreakTerm'];
export type Crosstable = Schemas['Crosstable'];
export type CrosstableRow = Schemas['CrosstableRow'];
export type CrosstableCell = Schemas['CrosstableCell'];

/** A round robin's every round by the Berger tables (GET /tournaments/{id}/schedule). */
export type Schedule = Schemas['Schedule'];
/** A knockout's bracket (GET /tournaments/{id}/bracket). */
export type Bracket = Schemas['Bracket'];
/** A knockout match of the bracket; b is absent for a bye, winner while undecided. */
export type BracketMatch = Schemas['BracketMatch'];
/** One stage's score of a knockout match, in points. */
export type MatchStage = BracketMatch['stages'][number];
/** One player's tournament as anyone may see it (GET /tournaments/{id}/players/{member_id}). */
export type PlayerCard = Schemas['PlayerCard'];

/** The pairing checker's verdict (GET …/rounds/{n}/check, POST …/rounds/{n}/pairing/check). */
export type PairingCheck = Schemas['PairingCheck'];
/** The games and the pairing-allocated bye of one side of the checker's comparison. */
export type CheckedPairing = Schemas['CheckedPairing'];
/** A game of a pairing the checker names: White and Black. */
export type CheckedBoard = Schemas['CheckedBoard'];
/** The body of POST …/pairing/check and PUT …/pairing: boards by member id, the bye, confirm. */
export type Proposal = Schemas['ProposedPairing'];

/** One change in the audit trail: when, who, what, the value before and after, and the request. */
export type AuditEntry = Schemas['AuditEntry'];

/**
 * A tournament event as its live stream (GET /tournaments/{id}/events) sends it: its type and
 * its JSON fields. The document describes the stream as text/event-stream without a schema for
 * each event's data, so this one is the app's own.
 */
export interface TournamentEvent {
  type: string;
  data: Record<string, unknown>;
}
