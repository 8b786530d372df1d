//go:build js

package cli

import "madang/games"

// addCommands sets nothing under GOOS=js: the engine, the tables and the commands are the
// native CLI's (commands.go).
func addCommands(*games.Tools) {}
