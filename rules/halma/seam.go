package halma

import "madang/rules"

// Names the platform issue (pass text, the all-passed reason) adds to package rules. Until
// that lands they are defined here; switch to rules.PassText and rules.AllPassed then.

// passText is the text of the pass move.
const passText = "pass"

// AllPassed is the reason of the draw when every seat passed in a row.
// TODO(platform): rules.AllPassed ("all-passed").
const AllPassed = rules.Reason(200)
