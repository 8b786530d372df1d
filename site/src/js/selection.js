// A page's selection on its board (the piece picked, the stops of a capture tapped so far, the
// steps of a backgammon turn, a star piece's waypoints): the page keeps it, and it goes when the
// page draws another position, when a move is sent and when a new game starts.

export class Selection {
  /** @param {(a: object, b: object) => boolean} same  two views show one position */
  constructor(same) {
    this.same = same;
    this.value = null; // the page's own shape, null: nothing selected
    this.shown = null; // the last view drawn
  }

  /** Called with every view the page draws: a view of another position drops the selection;
   * one that changes nothing on the board (a spectator came, a seat reconnected) keeps it. */
  follow(v) {
    if (!(this.shown && this.same(this.shown, v))) this.value = null;
    this.shown = v;
  }

  clear() {
    this.value = null;
  }
}
