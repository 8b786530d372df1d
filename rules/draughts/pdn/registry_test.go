package pdn_test

// The replay tests play records through the rules registry; this registers checkers and
// draughts there.
import _ "madang/rules/draughts"
