// A new deploy reaching an open page (issue 32). Pages come from the service worker's
// precache (sw.js), so a visit after a deploy first shows the build this device holds, whole,
// while the browser fetches /sw.js behind it; the new build's worker installs its precache and
// takes over (controllerchange). Then:
//   - a page the player has not used yet (no tap, click or key on it, no room link) reloads
//     itself into the new build, once per navigation (a flag in sessionStorage: the page the
//     reload brings never reloads itself again, it shows the notice instead);
//   - a page in use (a move made, a dialog or the menu's choices, an online room) stays as it
//     is and shows a small notice with a button that reloads it.
// The first worker taking over a page the network served (the first visit) changes nothing.
import { UPDATE } from './text.js';

const RELOADED = 'madang:sw-reloaded';
/** The events of a player using the page (a scroll is none: it neither clicks nor releases
 * a pointer, a touch scroll cancels it). */
const USE = ['pointerup', 'click', 'keydown', 'input', 'change', 'submit'];

/** Reads and clears the flag a reload of this module left (false when storage is refused). */
function takeFlag() {
  try {
    const was = sessionStorage.getItem(RELOADED) === '1';
    sessionStorage.removeItem(RELOADED);
    return was;
  } catch {
    return false;
  }
}

/** Sets the flag before a reload; false when it cannot be kept (then no reload: no loop). */
function setFlag() {
  try {
    sessionStorage.setItem(RELOADED, '1');
    return true;
  } catch {
    return false;
  }
}

/** The notice with its button (once). */
function showNotice(doc) {
  if (doc.getElementById('update-notice')) return;
  const box = doc.createElement('div');
  box.id = 'update-notice';
  box.className = 'update-notice';
  box.setAttribute('role', 'status');
  const text = doc.createElement('p');
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'accent';
  button.textContent = UPDATE.reload;
  button.addEventListener('click', () => location.reload());
  box.append(text, button);
  doc.body.append(box);
  // the text once the live region is in place, so a screen reader says it
  requestAnimationFrame(() => { text.textContent = UPDATE.ready; });
}

/** Watches for a new worker taking over this page (navigator.serviceWorker as sw). */
export function watchUpdates(sw = navigator.serviceWorker, doc = document) {
  const reloaded = takeFlag();
  let controlled = !!sw.controller;
  let used = new URLSearchParams(location.search).has('room');
  const use = (e) => {
    if (!e.isTrusted) return;
    used = true;
    for (const t of USE) removeEventListener(t, use, true);
  };
  for (const t of USE) addEventListener(t, use, true);
  // the browser's back or forward button within the page (a game's history entry)
  addEventListener('popstate', () => { used = true; }, { once: true });
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true; // the first worker: the page came from the network
      return;
    }
    if (reloading) return;
    if (!used && !reloaded && setFlag()) {
      reloading = true;
      location.reload();
      return;
    }
    showNotice(doc);
  });
}
