package kso_test

import (
	"bufio"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/krieg/krieg/net/kso"
)

// TestWireMatchesBackend compares the JSON fields of every wire type with
// the fields of the backend model it mirrors (testdata/backend-fields.txt,
// read from ks-backend's source at the commit named there).
func TestWireMatchesBackend(t *testing.T) {
	types := map[string]any{
		"LoginRequest": kso.LoginRequest{}, "LoginResponse": kso.LoginResponse{},
		"BotRegisterRequest": kso.BotRegisterRequest{}, "BotRegisterResponse": kso.BotRegisterResponse{},
		"CreateGameRequest": kso.CreateGameRequest{}, "CreateGameResponse": kso.CreateGameResponse{},
		"JoinGameResponse": kso.JoinGameResponse{}, "MoveRequest": kso.MoveRequest{}, "ClockState": kso.ClockState{},
		"AskAnyResponse": kso.MoveResponse{}, "ReplayFen": kso.ReplayFEN{}, "RefereeLogItem": kso.RefereeLogItem{},
		"AnnouncementEntry": kso.AnnouncementEntry{}, "ScoresheetTurn": kso.ScoresheetTurn{}, "ViewerScoresheet": kso.ViewerScoresheet{},
		"MaterialSideSummary": kso.MaterialSide{}, "MaterialSummary": kso.MaterialSummary{},
		"ReserveSideSummary": kso.ReserveSide{}, "ReserveSummary": kso.ReserveSummary{}, "GameStateResponse": kso.GameState{},
		"OpenGameItem": kso.OpenGame{}, "OpenGamesResponse": kso.OpenGames{}, "TranscriptAnswer": kso.TranscriptAnswer{},
		"TranscriptMoveItem": kso.TranscriptMove{}, "GameTranscriptResponse": kso.Transcript{}, "PublicPlayer": kso.PublicPlayer{},
		"GameMetadataResponse": kso.GameMetadata{}, "BotListItem": kso.BotListing{}, "BotListResponse": kso.BotList{},
		"MyGamesResponse": kso.MyGames{}, "ErrorEnvelope": kso.ErrorBody{}.Error, "GameEvent": kso.GameEvent{},
	}
	f, err := os.Open("testdata/backend-fields.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	checked := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		model, want := fields[1], fields[2:]
		if model == "MoveResponse" { // the same Go type as AskAnyResponse, whose has_any a move answer leaves out
			want = append(want, "has_any")
			model = "AskAnyResponse"
		}
		v, ok := types[model]
		if !ok {
			t.Errorf("%s: no wire type mirrors it", model)
			continue
		}
		got := jsonFields(reflect.TypeOf(v))
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s (%s): Go fields %v; the backend's %v", model, fields[0], got, want)
		}
		checked++
	}
	if checked < 30 {
		t.Fatalf("checked %d models; want every one listed", checked)
	}
}

func jsonFields(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}
