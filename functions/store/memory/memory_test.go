package memory_test

import (
	"testing"

	"madang/functions/room"
	"madang/functions/store/memory"
	"madang/functions/store/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(*testing.T) room.Store { return memory.New() })
}
