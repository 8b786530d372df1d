package main

import "madang/functions/room"

// engine is the AI port of the room service. The engines (package ai and the rules
// packages) are wired here when the room service's adapter to them exists; until then AI
// seats do not move on AWS.
func engine() room.AI { return nil }
