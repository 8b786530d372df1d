// The game page's shell, shared by every game: the mode menu (against the AI at a level, as
// the second player, on this device, online), undo, restart, resign (two presses), draw
// offers for games that have them, the turn and result lines, the live regions (polite for
// moves and turns, assertive for refusals), the room link path and the test hooks
// (window.__madang). How the game is played is its driver's: local-driver.js (the engine
// worker holds the game, the AI's turns) or room-driver.js (a room's server holds it); the
// shell asks the driver and never branches on the mode. Every rules question goes to the
// engine worker; what a game draws and how a tap selects a move comes from its page (the
// game object, see Shell()).
import { Engine } from './engine.js';
import { FirstMoves, readTable } from './first-moves.js';
import { LocalDriver } from './local-driver.js';
import { RoomDriver } from './room-driver.js';
import { MoveList } from './move-list.js';
import { MSG, ROOM } from './text.js';
import { LocalSave, newDiceSeed } from './local-save.js';
import { setHint } from './key-hint.js';
import { Records } from './records/records.js';

const $ = (id) => document.getElementById(id);

/** Each game's guide, the #guide element of its page (null when it cannot be read): game →
 * Promise. A guide taken off the page is kept as it is (its practice boards' state and
 * handlers too) and put back when its game is shown again. */
const guides = new Map();
function guideFor(game) {
  if (!guides.has(game)) {
    guides.set(game, fetch(`/${game}/`)
      .then((r) => (r.ok ? r.text() : null))
      .then((t) => {
        const found = t && new DOMParser().parseFromString(t, 'text/html').getElementById('guide');
        if (!found) return null;
        const g = document.importNode(found, true);
        // a parsed page's scripts never run: fresh copies run once the guide is on the page
        // (the practice boards' module, guide/practice.js)
        for (const old of g.querySelectorAll('script')) {
          const fresh = document.createElement('script');
          for (const a of old.attributes) fresh.setAttribute(a.name, a.value);
          fresh.textContent = old.textContent;
          old.replaceWith(fresh);
        }
        return g;
      })
      .catch(() => null));
  }
  return guides.get(game);
}

/**
 * A game family's page, as the shell needs it:
 *   family                      the engine module ('draughts')
 *   games                       the game ids this page plays (a room of another game
 *                               opens on that game's page)
 *   game                        the game id shown first (a page may offer several)
 *   setGame(id)                 the page shows game id (title, rule choice)
 *   colour(game, seat)          a seat's Korean name ('흑')
 *   names(game)                 {game: Korean name, seats: n} for the room panel
 *   resultText(game, outcome, names[])  the end-of-game line
 *   spoken(move)                a move read aloud
 *   turnNote(view)              '' or a sentence after the turn line (' 따먹는 수만 …')
 *   draw(view, {animate, viewer})  draws the board, the cell panel and the game's facts
 *   tap(cell)                   the player's tap on a cell (null: off the board) in their turn
 *   selection                   the board's Selection (selection.js): the page keeps it and
 *                               drops it when it draws another position; the shell drops it
 *                               when a move is sent or a new game starts
 *   focusBoard()                keyboard focus to the cell panel (a game started from the menu)
 *   drawOffers                  the game has draw offers riding on moves
 * and optionally:
 *   options(game)               the game's options for a new game ({players: 3}), also a room's
 *   moveText(m)                 a move's (or history entry's) shown text (default m.alg)
 *   namesSeats(entry)           the entry's text names the seats itself, so the last-move
 *                               line puts no mover before it (an opening roll of two dice)
 *   refusal(code)               the Korean refusal for an engine error code (default refused.move)
 *   resignWindowMs              how long an armed resign button waits for the second press (3 s)
 *   confirmNewGame              a text to confirm before '다시 하기' drops a game in progress
 *   canResign()                 false where '기권' is not offered (three-player online diamond)
 *   panelHint                   the button panel's hint, a string or {text, keys} (key-hint.js;
 *                               default MSG.panelHint)
 *   noMovesText(view, mine)     '' or why the list of moves is empty now
 *   roomNote(game, options)     '' or a sentence the join card adds on how the room is played
 *                               (' 한 사람당 말 15개로 둡니다.')
 *   listedMoves(view)           the moves the list offers now (default view.moves): those
 *                               that can follow a part of a move already made on the board
 * A move handed to play() may carry route: the move text to play instead of its index (a
 * star game's landing path, so the record shows the route played).
 *   record                      optional: the family has a record format (its records
 *                               module, site/wasm/<family>/cmd/records): {seatTag(game, seat)
 *                               the record's tag naming a seat's player ('White'),
 *                               lossThreshold(game) the engine units a move may lose in
 *                               review before it is marked}; see records/records.js
 */
export class Shell {
  /** @param {object} game  the page (see above); @param {object} scene  the 3D scene */
  constructor(game, scene) {
    this.page = game;
    // the engine, with the first moves the build wrote into the page answering until it has
    // arrived (first-moves.js)
    this.engine = new FirstMoves(new Engine(game.family), () => readTable(), (a) => this.firstMovesMismatch(a), (arrived) => {
      // the player's move past the page's first moves waits for the engine: said until it has
      // arrived (not a room's snapshot or a saved game the page loads by itself)
      this.say(MSG.engineWaiting, '', 0);
      arrived.then(() => { if ($('alert').textContent === MSG.engineWaiting) $('alert').textContent = ''; });
    });
    this.game = game.game;
    this.guideGen = 0; // the latest guide asked for (showGuide)
    this.driver = null; // LocalDriver | RoomDriver: how the game on screen is played
    this.reviewing = false; // a record stepped through (records.js)
    this.phase = null; // the side column's phase (showPhase)
    this.level = 'intermediate';
    this.human = 0; // vs AI: my seat
    this.view = null;
    this.offerNext = false;
    this.thinking = false;
    this.gen = 0;
    this.seed = 1;
    this.diceSeed = 0; // the seed of the local game's dice (newDiceSeed), kept with the game
    this.firstMovesAt = 0;
    this.board3d = scene;
    this.moveList = new MoveList($('moves'), $('history'), (m) => this.play(m));
    this.saved = new LocalSave(game.family);
    this.startFen = '';
    window.__madang = this;
    this.bind();
    RoomDriver.installMenu(this); // the time control of a room to create (clock.js)
    // download, import, review and analysis of games (mode 'review'), for a family with records
    this.records = game.record ? new Records(this, game.record) : null;
  }

  // ---- test hooks ------------------------------------------------------------

  /** How the game on screen is played: 'ai' | 'local' | 'online' (the driver's), 'review'
   * (a record stepped through), null (the menu). */
  get mode() {
    if (this.driver) return this.driver.mode;
    return this.reviewing ? 'review' : null;
  }

  /** The room's panel while the game on screen is a room's (its seat, snapshot and client;
   * also the tests' hook), else null. */
  get online() {
    return (this.driver && this.driver.panel) || null;
  }

  /** Puts driver (null: none, the menu or a review) in place of the one playing; the one
   * playing stops (a room's socket closes). */
  drive(driver, reviewing = false) {
    if (this.driver) this.driver.close();
    this.driver = driver;
    this.reviewing = reviewing;
  }

  /** A game on this device from now on (a new one, a saved one resumed, a review continued):
   * mode 'ai' or 'local', the AI's level, my seat against it, the AI's seed, the seed the
   * engine's dice were given for this game (kept with it), the start position and the game's
   * options; an AI thinking for the last game stops, and nothing is selected or offered. */
  playLocal({ mode, level, human, seed, diceSeed, fen, options }) {
    this.drive(new LocalDriver(this, mode));
    this.level = level || 'intermediate';
    this.human = mode === 'ai' ? human : 0;
    this.seed = seed;
    this.diceSeed = diceSeed;
    this.startFen = fen || '';
    this.options = options;
    this.gen++;
    this.thinking = false;
    this.page.selection.clear();
    this.offerNext = false;
  }

  /** The page's selection (its shape is the page's), read and dropped by the tests. */
  get sel() { return this.page.selection.value; }

  set sel(value) { this.page.selection.value = value; }

  /** Client coordinates of a cell on the canvas. */
  squareToScreen(cell) { return this.board3d.squareToScreen(cell); }

  /** Test hook: a local game of game from a position text ('' for the start) in mode 'local' or 'ai'. */
  startFrom(game, fen, mode = 'local', level = 'beginner', human = 0) {
    this.setGame(game);
    return this.startLocal(mode, level, human, fen);
  }

  /** When the engine answered first (performance.now(); 0: not yet), for the tests and
   * `make lighthouse`; firstMovesAt is when the first legal moves were offered. */
  get engineAt() { return this.engine.engineAt; }

  /** The page's options for a new game of the game on screen (undefined: the defaults). */
  gameOptions() {
    return this.page.options ? this.page.options(this.game) : undefined;
  }

  /** Who made a record entry, as the words before its text ('AI(검은색) '), or '' for an
   * entry that names its seats itself (page.namesSeats: backgammon's opening roll). */
  moverOf(e) {
    return this.page.namesSeats && this.page.namesSeats(e) ? '' : `${this.sideName(e.seat)} `;
  }

  /** A move's or record entry's shown text. */
  moveText(m) {
    return this.page.moveText ? this.page.moveText(m) : m.alg;
  }

  // ---- messages --------------------------------------------------------------

  /** A refusal or notice in the assertive region, gone after 4 s. code: the engine's or the
   * server's code behind it, for debugging only (data-code and the console), never shown. */
  say(text, code = '', ms = 4000) {
    // an engine that failed to load fails every later request too: its notice stays, else
    // the menu's buttons would seem to do nothing once it went (new-user pass)
    if (text === MSG.engineFailed) ms = 0;
    const a = $('alert');
    a.textContent = '';
    if (code) {
      a.dataset.code = code;
      console.warn(`madang: ${code}`);
    } else delete a.dataset.code;
    cancelAnimationFrame(this.sayFrame);
    this.sayFrame = requestAnimationFrame(() => { a.textContent = text; });
    clearTimeout(this.sayTimer);
    if (ms) this.sayTimer = setTimeout(() => { a.textContent = ''; }, ms);
  }

  /** Every message of the game that ends: the notice, an armed resign button, a partial
   * selection; a new game or the menu starts with none of them. */
  clearMessages() {
    cancelAnimationFrame(this.sayFrame);
    clearTimeout(this.sayTimer);
    $('alert').textContent = '';
    $('live').textContent = '';
    const b = $('resign');
    clearTimeout(this.disarm);
    delete b.dataset.armed;
    b.textContent = MSG.resign;
    $('result').hidden = true;
    $('result').textContent = '';
    this.wasOver = false;
  }

  // ---- menu --------------------------------------------------------------------

  /** Shows game id; the address follows it (/checkers/ ⇄ /draughts/, the query kept), so a
   * reload or a shared link opens the game on screen. */
  setGame(game) {
    this.game = game;
    this.page.setGame(game);
    this.showGuide(game);
    const path = `/${game}/`;
    if (location.pathname !== path && /^\/[\w-]+\/(index\.html)?$/.test(location.pathname)) {
      history.replaceState(history.state, '', path + location.search + location.hash);
    }
  }

  /** The reading part (#guide, src/guide/<game>.html) follows the game on screen: the build writes each
   * game's guide into that game's own page, so another game's guide is read from its page
   * (/<game>/, fetched once per game) and put in place of the one shown. A guide that cannot
   * be fetched (offline) leaves the one shown. */
  showGuide(game) {
    const cur = $('guide');
    if (!cur) return;
    const shown = cur.dataset.game || document.body.dataset.game;
    if (!guides.has(shown)) guides.set(shown, Promise.resolve(cur));
    const want = ++this.guideGen;
    if (shown === game) return;
    guideFor(game).then((g) => {
      const now = $('guide');
      if (want !== this.guideGen || !g || !now || g === now) return;
      now.dataset.game = now.dataset.game || shown;
      g.dataset.game = game;
      now.replaceWith(g);
    });
  }

  bind() {
    for (const b of document.querySelectorAll('[data-mode]')) {
      b.addEventListener('click', () => {
        const mode = b.dataset.mode;
        if (mode === 'online') return this.startOnline();
        return this.startLocal(mode === 'local' ? 'local' : 'ai', b.dataset.level, mode === 'ai-second' ? 1 : 0);
      });
    }
    $('view-oblique').addEventListener('click', () => this.setCamera('oblique'));
    $('view-top').addEventListener('click', () => this.setCamera('top'));
    $('offer-draw').addEventListener('click', () => {
      this.offerNext = !this.offerNext;
      this.render();
      if (this.offerNext) this.say(MSG.offerNext);
    });
    $('accept-draw').addEventListener('click', () => this.acceptDraw());
    $('accept-draw-board').addEventListener('click', () => this.acceptDraw());
    $('undo').addEventListener('click', () => this.undo());
    $('restart').addEventListener('click', () => {
      const again = () => this.startLocal(this.mode, this.level, this.human);
      // asked in the page's own dialog, as leaving a game is (never the browser's confirm box)
      if (this.page.confirmNewGame && this.inProgress()) return this.ask(this.page.confirmNewGame, MSG.newGameYes, again);
      return again();
    });
    $('resign').addEventListener('click', () => this.resign());
    $('back-to-menu').addEventListener('click', () => this.backToMenu());
    $('leave-no').addEventListener('click', () => $('leave-dialog').close());
    $('leave-yes').addEventListener('click', () => {
      $('leave-dialog').close();
      const yes = this.onYes;
      this.onYes = null;
      if (yes) yes();
    });
    $('resume-button').addEventListener('click', () => this.resumeLocal());
    window.addEventListener('popstate', (e) => this.popState(e.state));
  }

  // ---- the browser's back and forward buttons ---------------------------------------

  /** A game against the AI or on this device started from the menu adds one history entry
   * (same address), so the browser's back button comes back to this page's menu instead of
   * leaving the page; the game stays kept on the device (LocalSave) and the menu offers it. */
  pushGameEntry() {
    if (history.state && history.state.madangGame) return;
    history.pushState({ ...(history.state || {}), madangGame: true }, '', location.href);
  }

  /** Back from a game (to the entry without madangGame): the menu, no question asked, since
   * the game is kept and '이어서 하기' continues it; forward again continues it. */
  popState(state) {
    const inGame = !!(state && state.madangGame);
    if (!inGame && this.driver && this.driver.onDevice) {
      $('leave-dialog').open && $('leave-dialog').close();
      this.leaveToMenu(false);
    } else if (inGame && !this.mode && this.saved.read()) {
      this.resumeLocal(false);
    }
  }

  setCamera(mode) {
    this.board3d.setView(mode);
    $('view-oblique').setAttribute('aria-pressed', String(mode === 'oblique'));
    $('view-top').setAttribute('aria-pressed', String(mode === 'top'));
  }

  /** Shows one phase of the side column: 'menu', 'join' (a room link), 'game' or 'review'
   * (a record stepped through; the records panel holds its controls). The panel (the button
   * board, the facts, the moves) and '기권' are drawn from the view on screen: with none (a
   * room before its first snapshot is drawn, playRoom) they stay hidden, and the first view
   * shows the panel (setView). */
  showPhase(phase) {
    this.phase = phase;
    if (phase !== 'menu') $('menu-notice').hidden = true;
    $('menu').hidden = phase !== 'menu';
    $('join').hidden = phase !== 'join';
    $('online').hidden = !this.online || phase === 'menu' || phase === 'join';
    $('controls').hidden = phase !== 'game';
    $('panel').hidden = phase !== 'game' || !this.view;
    if (!this.view) $('resign').hidden = true;
    const onDevice = !this.driver || this.driver.onDevice;
    $('undo').hidden = !onDevice;
    $('restart').hidden = !onDevice;
    if (phase === 'menu') this.renderResume();
    if (this.records) this.records.phase(phase);
  }

  // ---- a game kept on this device ---------------------------------------------------

  /** Over the menu: the game against the AI or on this device that a reload left, if any. */
  renderResume() {
    const g = this.saved.read();
    $('resume').hidden = !g;
    if (!g) return;
    const name = this.page.names(g.game).game || g.game;
    const who = g.mode === 'ai' ? MSG.resumeAI(g.level) : MSG.resumeLocal;
    // a dice game keeps its rolls among the moves: the count is of the plays
    $('resume-text').textContent = MSG.resume(name, who, g.moves.filter((m) => !m.roll).length);
  }

  /** Continues the saved game: its position replayed by the engine, then the AI if it is to
   * move. push: a history entry for the game (false when the browser's forward brought it). */
  async resumeLocal(push = true) {
    const g = this.saved.read();
    if (!g) return undefined;
    this.clearMessages();
    this.setGame(g.game);
    // a save from before the dice seed was kept: a new one from here on
    const diceSeed = Number.isSafeInteger(g.diceSeed) ? g.diceSeed : newDiceSeed();
    this.playLocal({ mode: g.mode, level: g.level, human: g.human, seed: g.seed | 0, diceSeed, fen: g.fen, options: g.options });
    const gen = this.gen;
    const a = await this.saved.replay(this.engine, { ...g, diceSeed });
    if (gen !== this.gen) return undefined;
    if (!a.ok) {
      this.saved.clear();
      this.drive(null);
      return this.say(MSG.engineFailed);
    }
    this.showPhase('game');
    if (push) this.pushGameEntry();
    this.view = null;
    this.setView(a.view);
    this.page.focusBoard();
    this.revealBoard();
    return this.driver.next();
  }

  /** A game started from the menu: on a phone, where the menu stands under the board and a
   * player scrolled down to reach its buttons, the menu's place shrinks to the controls and
   * the board would stay above the screen (focusBoard does not scroll); the board's top is
   * brought back into view. A board already in view (a wide screen, its board beside the
   * menu) does not move. */
  revealBoard() {
    const b = document.querySelector('.board-area');
    if (b && b.getBoundingClientRect().top < 0) b.scrollIntoView({ block: 'start' });
  }

  /** The engine disagreed with the first moves written into the page (first-moves.js said
   * what in the console): what was played from them is dropped, and the game on this device
   * starts again from the engine's start (a: its answer), or the menu shows it. */
  firstMovesMismatch(a) {
    this.gen++;
    this.thinking = false;
    if (!a.ok) return this.say(MSG.engineFailed);
    if (this.driver && this.driver.onDevice) {
      this.page.selection.clear();
      this.view = null;
      this.setView(a.view);
      this.say(MSG.firstMovesMismatch);
      return this.driver.next();
    }
    if (!this.mode) this.setView(a.view);
    return undefined;
  }

  /** Starts the page: a room from ?room=, else the menu over the start position. */
  start() {
    $('board-loading').hidden = true;
    this.setGame(this.game);
    const id = new URLSearchParams(location.search).get('room');
    if (id && navigator.onLine === false) {
      // a room link opened with no connection: the menu, which says that a room needs one
      this.showPhase('menu');
      this.preview();
      Object.assign($('menu-notice'), { hidden: false, textContent: ROOM.needsConnection });
    } else if (id) {
      const room = new RoomDriver(this);
      this.playRoom(room);
      room.open(id);
    } else {
      this.showPhase('menu');
      this.preview();
    }
  }

  /** The start position of the chosen game behind the menu. */
  preview() {
    const game = this.game;
    this.engine.ask('start', { game, options: this.gameOptions() }).then((a) => {
      if (!a.ok) return this.say(MSG.engineFailed);
      if (!this.mode && this.game === game) this.setView(a.view);
      return undefined;
    });
  }

  async startLocal(mode, level, human, fen = '') {
    this.clearMessages();
    this.playLocal({ mode, level, human, seed: (Math.random() * 2 ** 31) | 0, diceSeed: newDiceSeed(), fen, options: this.gameOptions() });
    // a notice over the menu (a dead room link) goes as soon as a game is chosen
    $('menu-notice').hidden = true;
    const a = await this.engine.ask('start', { game: this.game, fen, options: this.options, seed: this.diceSeed });
    if (!a.ok) return this.say(MSG.engineFailed);
    const fromMenu = !$('menu').hidden;
    this.showPhase('game');
    if (fromMenu) this.pushGameEntry();
    this.setView(a.view);
    if (fromMenu) {
      this.page.focusBoard();
      this.revealBoard();
    }
    return this.driver.next();
  }

  startOnline() {
    // no connection (offline after a visit, the service worker serving the page): said over
    // the menu, nothing sent
    if (navigator.onLine === false) return Object.assign($('menu-notice'), { hidden: false, textContent: ROOM.needsConnection });
    // a custom time control out of range: said over the menu until it is mended, no room
    const bad = RoomDriver.menuError();
    if (bad) return Object.assign($('menu-notice'), { hidden: false, textContent: bad });
    $('menu-notice').hidden = true;
    this.clearMessages();
    this.gen++;
    const room = new RoomDriver(this);
    this.playRoom(room);
    room.create(this.game, this.gameOptions() || {});
  }

  /** A room from now on (made from the menu, or a link opened): the room's snapshots, drawn
   * once the engine has replayed them (room-panel.js showState), are its views. The view on
   * screen until then is none of the room's (the menu's start position, drawn with nobody's
   * seat: backgammon's opening roll read there as the opponent's to roll), so it goes: nothing
   * is drawn, played or saved from it, and the panel drawn from it stays hidden (showPhase). */
  playRoom(room) {
    this.drive(room);
    this.view = null;
    this.page.selection.clear();
    $('turn').textContent = ''; // the menu's hint: no menu in a room
  }

  /** A game in progress: online, this page holds a seat of a room in play; against the AI or
   * on this device, a game with moves that has not ended. Leaving one is asked first. */
  inProgress() {
    return !!this.driver && !!this.view && this.driver.inProgress(this.view);
  }

  /** '플레이 방식 다시 선택하기': a game in progress is left only after the in-page dialog
   * says yes (the room link stays in the address until then); else straight to the menu. */
  backToMenu() {
    if (!this.inProgress()) return this.leaveToMenu();
    return this.ask(this.driver.leaveText, MSG.leaveYes, () => this.leaveToMenu());
  }

  /** Asks in the page's dialog before a game in progress is dropped: text, the label of the
   * button that goes on ('그만두기'), and what it does; '계속 두기' (focused) keeps the game. */
  ask(text, yesLabel, yes) {
    $('leave-text').textContent = text;
    $('leave-yes').textContent = yesLabel;
    this.onYes = yes;
    const d = $('leave-dialog');
    if (!d.open) d.showModal();
    $('leave-no').focus();
    return undefined;
  }

  /** Back to the menu: online the seat is left first (PROTOCOL.md `leave`: during play it
   * counts as resigning, reason `abandoned`, or with policy.leaveToAI the AI plays the seat
   * on while another seat is a person's), then the socket is closed and ?room= goes.
   * popHistory: the game's history entry (pushGameEntry) goes too, so the next back leaves
   * the page (false when the browser's back button brought us here). */
  leaveToMenu(popHistory = true) {
    if (popHistory && history.state && history.state.madangGame) history.back();
    this.clearMessages();
    this.gen++;
    this.thinking = false;
    if (this.driver) this.driver.leave();
    this.drive(null);
    if (location.search) history.replaceState(null, '', location.pathname);
    this.showPhase('menu');
    this.preview();
  }

  /** A room link that leads nowhere: back to the menu with the reason on top of it. */
  roomNotFound() {
    this.leaveToMenu();
    const n = $('menu-notice');
    n.hidden = false;
    n.textContent = `${ROOM.notFound} ${ROOM.newGameBelow}`;
  }

  // ---- whose turn, who is who -------------------------------------------------------

  myTurn() {
    const v = this.view;
    if (!v || !this.driver || v.toMove < 0 || this.thinking) return false;
    return this.driver.canMove(v.toMove);
  }

  /** The seat the board is seen from: my seat (or the seat a join would take), else 0 (a
   * spectator of a full room: its preview seat is -1, which no page can draw from). */
  viewer() {
    return this.driver ? this.driver.viewer() : 0;
  }

  spectating() {
    return !!this.driver && this.driver.spectating();
  }

  over() {
    return !!this.view && this.view.outcome.status !== 'ongoing';
  }

  colour(seat) {
    return this.page.colour(this.view.game, seat);
  }

  /** A seat as the viewer knows it: 나/AI/상대 with the colour; a spectator and people on
   * one device see the colour alone. */
  sideName(seat) {
    const s = this.colour(seat);
    return this.driver ? this.driver.sideName(seat, s) : s;
  }

  // ---- the picture ---------------------------------------------------------------

  render(animate = false) {
    const v = this.view;
    if (!v || !v.game) return;
    this.page.draw(v, { animate, viewer: this.viewer() });
    this.renderTurn();
    this.renderPanel();
  }

  renderTurn() {
    const v = this.view;
    const t = $('turn');
    const over = v.outcome.status !== 'ongoing';
    const result = $('result');
    result.hidden = !over;
    // the result lies over the board; a player scrolled away (a phone's button board under the
    // board) is brought back to it once, when the game ends
    if (over && this.mode && !this.wasOver) requestAnimationFrame(() => this.showResult());
    this.wasOver = over && !!this.mode;
    if (!this.mode) {
      t.textContent = MSG.menuHint;
      t.dataset.state = 'menu';
    } else if (this.mode === 'review') {
      result.hidden = true;
      t.textContent = this.records.turnText();
      t.dataset.state = 'review';
    } else if (over) {
      const names = [...Array(this.seats(v)).keys()].map((i) => this.sideName(i));
      $('result').textContent = `게임 끝: ${this.page.resultText(v.game, v.outcome, names)}`;
      t.textContent = MSG.gameOver;
      t.dataset.state = 'over';
    } else if (this.driver.turnLine()) {
      const line = this.driver.turnLine();
      t.textContent = line.text;
      t.dataset.state = line.state;
    } else if (this.thinking) {
      t.textContent = MSG.aiThinking;
      t.dataset.state = 'ai';
    } else {
      const side = this.colour(v.toMove);
      let s;
      if (!this.driver.other) s = `${side} 차례입니다.`;
      else if (this.myTurn()) s = `내 차례입니다 (${side}).`;
      else s = `${this.driver.other} 차례입니다 (${side}).`;
      s += this.page.turnNote(v);
      if (v.offer) s += ` ${MSG.offered}.`;
      t.textContent = s;
      t.dataset.state = this.myTurn() ? 'mine' : 'wait';
    }
    // a person away from the room is said under the board too, not only in the seats card
    const away = !over && this.driver ? this.driver.awayLine() : '';
    if (away) t.textContent += ` ${away}`;
    const canAccept = !!v.offer && this.myTurn();
    $('accept-draw-board').hidden = !canAccept;
    $('accept-draw').hidden = !canAccept;
  }

  /** Scrolls the result over the board into view when it is not (a phone scrolled down to the
   * controls under the board): the result screen where the page shows one (diamond-kr's, in
   * place of the line, which its style sheet hides), else the result line. */
  showResult() {
    const shown = (e) => !!e && !e.hidden && e.getClientRects().length > 0;
    const r = [$('result-screen'), $('result')].find(shown);
    if (!r) return;
    const b = r.getBoundingClientRect();
    if (b.top < 0 || b.bottom > window.innerHeight) r.scrollIntoView({ block: 'center' });
  }

  /** How many seats the view's game has. */
  seats(v) {
    return v.seats || 2;
  }

  renderPanel() {
    const v = this.view;
    const mine = this.myTurn();
    // a page may say why no move is listed (a dice game's roll is due)
    let empty = this.page.noMovesText ? this.page.noMovesText(v, mine) : '';
    if (empty) { /* the page's */ } else if (v.toMove < 0) empty = MSG.none;
    else if (this.spectating()) empty = ROOM.spectatingList(this.colour(v.toMove));
    else if (this.driver) empty = this.driver.waitText;
    else empty = MSG.opponentToMove;
    const listed = this.page.listedMoves ? this.page.listedMoves(v) : v.moves;
    this.moveList.render(listed, { enabled: mine, spoken: (m) => this.page.spoken(m), empty, label: (m) => this.moveText(m) });
    $('fact-last').textContent = v.last ? `${this.moverOf(v.last)}${this.moveText(v.last)}` : '—';
    // a spectator reads the board on the buttons but has nothing to play or offer
    const watching = this.spectating();
    $('panel-title').textContent = watching ? MSG.watchTitle : MSG.panelTitle;
    setHint($('panel-hint'), watching ? MSG.watchHint : (this.page.panelHint || MSG.panelHint));
    $('offer-row').hidden = watching;
    $('moves-title').textContent = watching ? MSG.watchMovesTitle : MSG.movesTitle;
    const offer = $('offer-draw');
    // once the game is over only '다시 하기' and the menu remain
    offer.disabled = !(mine && v.canOffer) || this.over();
    if (offer.disabled) this.offerNext = false;
    offer.setAttribute('aria-pressed', String(this.offerNext));
    offer.classList.toggle('on', this.offerNext);
    this.moveList.history(v.history, (e) => this.moveText(e) + (e.offer ? MSG.offerMark : ''));
    const d = this.driver;
    $('undo').disabled = this.thinking || v.ply === 0 || this.over() || (!!d && !d.canUndo(v));
    $('resign').disabled = v.outcome.status !== 'ongoing' || this.thinking || (!!d && !d.canResign());
    $('resign').hidden = (!!d && !d.resignShown())
      || (!!this.page.canResign && !this.page.canResign());
  }

  /** A new view from the engine (or the room): draws it and tells the live region. */
  setView(v) {
    const prev = this.view;
    this.view = v;
    const animate = !!(prev && prev.game === v.game && v.ply === prev.ply + 1 && v.last);
    // ready: the first view a player can act on, legal moves or a roll due (backgammon's
    // start has no moves until the opening roll)
    // (from the first moves written into the page before the engine has arrived, first-moves.js)
    if ((v.moves.length || v.phase === 'roll') && !this.firstMovesAt) {
      this.firstMovesAt = performance.now();
      performance.mark('madang:first-move');
      document.body.dataset.ready = 'true';
    }
    this.render(animate);
    if (this.phase === 'game') $('panel').hidden = false;
    if (this.driver) this.driver.shown(v);
    // one polite live region for moves and turns (the refusals go to the assertive #alert)
    const moved = !prev || prev.ply !== v.ply || prev.game !== v.game;
    if (moved && this.mode) {
      const said = v.last && v.ply > 0 ? `${this.moverOf(v.last)}${this.page.spoken(v.last)}. ` : '';
      const now = v.outcome.status !== 'ongoing' ? $('result').textContent : $('turn').textContent;
      $('live').textContent = said + now;
    }
  }

  // ---- playing -------------------------------------------------------------------

  /** A tap on a cell (null: off the board), from the canvas or the cell panel. */
  tap(cell) {
    const v = this.view;
    if (!v || v.toMove < 0) return undefined;
    if (cell !== null && !this.myTurn()) {
      if (!this.driver || this.thinking) return undefined;
      if (this.spectating()) return this.say(MSG.watching);
      const why = this.driver.refuseTap();
      if (why) this.say(why);
      return undefined;
    }
    return this.page.tap(cell);
  }

  /** Plays a legal move of the view (with the draw offer when one is armed). */
  async play(m) {
    if (!this.myTurn()) return undefined;
    const offer = this.offerNext;
    this.offerNext = false;
    this.page.selection.clear();
    return this.driver.play(m, offer);
  }

  /** The AI's turns, when the game on screen has any to play now. */
  maybeAI() {
    return this.driver ? this.driver.next() : undefined;
  }

  /** Dice games: the player's roll (online the server rolls; here the engine's dice). */
  async roll() {
    if (!this.myTurn() || this.view.phase !== 'roll') return undefined;
    return this.driver.roll();
  }

  async acceptDraw() {
    if (this.driver) await this.driver.acceptDraw();
  }

  async undo() {
    if (this.thinking || !this.driver || !this.driver.onDevice || this.over()) return;
    await this.driver.undo();
  }

  /** Resigning takes two presses, so a slip of the finger does not end the game. */
  async resign() {
    const b = $('resign');
    if (!b.dataset.armed) {
      b.dataset.armed = '1';
      b.textContent = MSG.resignArmed;
      clearTimeout(this.disarm);
      this.disarm = setTimeout(() => { delete b.dataset.armed; b.textContent = MSG.resign; }, this.page.resignWindowMs || 3000);
      return undefined;
    }
    clearTimeout(this.disarm);
    delete b.dataset.armed;
    b.textContent = MSG.resign;
    if (this.driver) await this.driver.resign(this.view);
    return undefined;
  }
}
