package play

// The types of events a tournament's stream sends (the SSE "event" field), each recorded
// with the change it tells of. The stream sends two of its own besides: live.EventReset when
// a reconnecting client missed more than is kept, and live.EventDeleted, its last, when the
// tournament is deleted.
const (
	EventTournamentChanged = "tournament_changed" // fields edited: {"fields": [...]}
	EventStateChanged      = "state_changed"      // {"state": "running"}
	EventPlayerEntered     = "player_entered"     // {"member_id": 7}
	EventPlayerLeft        = "player_left"        // left before the start: {"member_id": 7}
	EventPlayerWithdrew    = "player_withdrew"    // withdrew after the start: {"member_id": 7, "after_round": 3}
	EventPlayerReinstated  = "player_reinstated"  // a withdrawn player plays again: {"member_id": 7, "from_round": 5}
	EventByeRequested      = "bye_requested"      // {"member_id": 7, "round": 4}
	EventByeCancelled      = "bye_cancelled"      // {"member_id": 7, "round": 4}
	EventRoundPairing      = "round_pairing"      // a long pairing has started (pairing_notice.go): {"round": 4}
	EventRoundPaired       = "round_paired"       // {"round": 4}
	EventRoundUnpaired     = "round_unpaired"     // {"round": 4}
	EventResultSet         = "result_set"         // {"round": 4, "board": 2, "result": "1-0"} (result null when cleared)
	EventTieBreaks         = "tiebreak_games"     // a level knockout match's next stage was paired: {"round": 2, "first_board": 5, "games": 2, "stage": "rapid"}
	EventRatingsApplied    = "ratings_applied"    // the tournament finished, rated: {"players": 12}
	EventRatingsRecomputed = "ratings_recomputed" // a finished tournament's games changed (a correction, a linked guest, made rated): {"players": 12}
	EventPlayerLinked      = "player_linked"      // an admin linked a guest player to a member: {"guest_id": 31, "member_id": 7}
)
