package view

import (
	"madang/rules"
	bg "madang/rules/backgammon"
)

// Orders gives, for each of plays (the legal plays of seat s with dice d on b, as
// rules/backgammon Plays lists them), every order of single checker steps that plays it
// one checker and one die at a time: the steps in another order, or one checker's journey
// split at the other die's point ("24/13" by 24/18 18/13 or by 24/19 19/13), so a page that
// takes a play step by step offers exactly these (after a step only the plays it begins). Each step is legal where it is taken, as rules/backgammon's
// Board.CanStep says (seed 003: the bar enters first, a point of two or more opposing
// checkers is closed, a single one is hit, bearing off needs every checker home and a die
// higher than the point bears off only the farthest checker);
// a sequence counts only when it ends in a play's position with as many steps as that play
// uses, so the plays themselves stay the rules' (the dice-use rules included). Orders
// returns a slice as long as plays; dice with a value outside 1..6 give no orders.
func Orders(b bg.Board, s rules.Seat, d rules.Dice, plays []bg.Move) [][][]Order {
	out := make([][][]Order, len(plays))
	if s != 0 && s != 1 || d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6 {
		return out
	}
	type target struct {
		n    int
		rows bg.Board
	}
	index := map[target]int{}
	for i, m := range plays {
		index[target{m.Len(), b.After(s, m)}] = i
	}
	dice := []int8{d[0], d[1]}
	if d.Double() {
		dice = []int8{d[0], d[0], d[0], d[0]}
	}
	var steps []Order
	var walk func(cur bg.Board, left []int8)
	walk = func(cur bg.Board, left []int8) {
		if len(steps) > 0 {
			if i, ok := index[target{len(steps), cur}]; ok {
				out[i] = append(out[i], append([]Order(nil), steps...))
			}
		}
		tried := [7]bool{}
		for k, die := range left {
			if tried[die] {
				continue
			}
			tried[die] = true
			rest := append(append([]int8(nil), left[:k]...), left[k+1:]...)
			for from := bg.Bar; from >= 1; from-- {
				st, ok := cur.CanStep(s, from, die)
				if !ok {
					continue
				}
				steps = append(steps, Order{st, int(die)})
				walk(cur.Take(s, st), rest)
				steps = steps[:len(steps)-1]
			}
		}
	}
	walk(b, dice)
	return out
}

// Order is one step of a step order: the checker step and the die it uses (a checker borne
// off from below the die's point uses that die).
type Order struct {
	bg.Step
	Die int
}

// ordersAny is orders as plain values: []any of []any of {from, to, hit, die}.
func ordersAny(orders [][]Order) []any {
	out := make([]any, len(orders))
	for i, o := range orders {
		list := make([]any, len(o))
		for k, st := range o {
			list[k] = map[string]any{"from": int(st.From), "to": int(st.To), "hit": st.Hit, "die": st.Die}
		}
		out[i] = list
	}
	return out
}
