// Korean text of the service worker's side of every page (the shell's is ../text.js): kept
// beside it, so every page's small /assets/pwa.js carries it without the shell's texts.

/** A new version of the site ready while this page is in use (update.js): the notice and its
 * button, which reloads the page. */
export const UPDATE = {
  ready: '마당의 새 버전이 준비되었습니다. 새로 고치면 새 버전으로 바뀝니다.',
  reload: '새로 고치기',
};
