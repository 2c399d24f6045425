package chessclub_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/live"
)

// TestEveryEventDocumented: the OpenAPI document's description of a tournament's live stream
// names every event the server sends, so that a client learns of each from the document.
func TestEveryEventDocumented(t *testing.T) {
	var doc struct {
		Paths map[string]struct {
			Get struct {
				Responses map[string]struct {
					Description string `json:"description"`
				} `json:"responses"`
			} `json:"get"`
		} `json:"paths"`
	}
	b, err := os.ReadFile("openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	described := doc.Paths["/api/tournaments/{id}/events"].Get.Responses["200"].Description
	for _, event := range []string{
		play.EventTournamentChanged, play.EventStateChanged, play.EventPlayerEntered, play.EventPlayerLeft,
		play.EventPlayerWithdrew, play.EventPlayerReinstated, play.EventByeRequested, play.EventByeCancelled,
		play.EventRoundPairing, play.EventRoundPaired, play.EventRoundUnpaired, play.EventResultSet,
		play.EventTieBreaks, play.EventRatingsApplied, play.EventRatingsRecomputed, play.EventPlayerLinked,
		play.EventImported, live.EventReset, live.EventDeleted,
	} {
		if !strings.Contains(described, event) {
			t.Errorf("the stream's description does not name the event %s", event)
		}
	}
}
