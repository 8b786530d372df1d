package draughts

import "flag"

var deep = flag.Bool("deep", false, "run the long perft figures")
