// The online leave dialog's text (src/js/room-driver.js leaveText) against snapshots, no
// browser: with policy.leaveToAI the AI plays the seat on only while another seat is a
// person's; the last person's leave ends the game as resigning (functions/room/PROTOCOL.md
// `leave`), so the dialog says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOM } from '../src/js/text.js';

globalThis.MADANG_ROOM_ERRORS = {}; // build.mjs puts the manifest's errors here when it bundles
const { RoomDriver } = await import('../src/js/room-driver.js');

function driver(seat, kinds, leaveToAI) {
  const d = Object.create(RoomDriver.prototype);
  d.panel = { seat, snap: { status: 'playing', policy: { leaveToAI }, seats: kinds.map((kind) => ({ kind })) } };
  return d;
}

test('leave dialog: the AI plays on only while another person plays', () => {
  assert.equal(driver(1, ['human', 'human', 'ai'], true).leaveText, ROOM.leaveOnlineToAI);
  assert.equal(driver(0, ['human', 'ai', 'ai'], true).leaveText, ROOM.leaveOnline, 'the last person: resigning');
  assert.equal(driver(0, ['human', 'human'], false).leaveText, ROOM.leaveOnline);
});
