package session

import "errors"

// ErrNoFile is the error for an engine file the module has no use for (LoadEngineFile).
var ErrNoFile = errors.New("session: no such engine file")

// LoadEngineFile hands the engine of gameID, one of the family's games, its file kind
// (EngineFiles); the session's game is untouched. Errors: ErrGame, ErrNoFile (also for a
// family without engine files), or the family's error for a bad file.
func (s *Session) LoadEngineFile(gameID, kind string, data []byte) error {
	if !s.ours(gameID) {
		return ErrGame
	}
	f, ok := s.fam.(EngineFiles)
	if !ok {
		return ErrNoFile
	}
	return f.LoadEngineFile(gameID, kind, data)
}
