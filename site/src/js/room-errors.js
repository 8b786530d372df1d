// The Korean text of each refusal a room can answer (functions/room/PROTOCOL.md, "Errors"):
// the room's own table (functions/room koMessages, carried by the site manifest's roomErrors),
// which site/build.mjs puts in place of MADANG_ROOM_ERRORS when it bundles the pages; and the
// two refusals the page makes itself (protocol.js) before anything is sent.
/* global MADANG_ROOM_ERRORS */

/** error code → what the player reads. */
export const ROOM_ERROR = {
  ...MADANG_ROOM_ERRORS,
  offline: '연결이 끊겨 보내지 못했습니다. 다시 연결되면 다시 해 주세요.',
  pending: '보낸 수를 서버가 확인하는 중입니다. 잠시 기다려 주세요.',
};
