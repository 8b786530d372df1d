// The site's service worker (/sw.js, scope /): the built site offline after one visit, and a
// second visit served from the device. build.mjs bundles it with the precache list it writes
// from the built file set (self.__WB_MANIFEST: every page by its canonical URL with a
// revision, every hashed asset by its URL alone, the fonts left out), so each build's worker
// differs from the last in its bytes.
//
//   - Pages (/, /<game>/, *.html) come from the precache at once: the copy of the build whose
//     assets this worker holds, so a page never pairs with another build's files, and a
//     second visit does not wait one round trip of a slow connection for its page. A page
//     the list does not hold goes to the network.
//   - Hashed assets (/assets/…) come from the precache (Workbox's precaching: fetched at
//     install, the HTTP cache reused for files the page has loaded already; the query of
//     worker.js?wasm=… ignored); files of older builds are deleted when this worker
//     activates. An asset the list does not hold (an older page still open asks for its
//     files) goes to the network.
//   - Fonts (/assets/fonts/, a hundred unicode-range subsets of which a page loads a few)
//     are kept as the pages load them.
// A new deploy: the browser fetches /sw.js at each navigation (pages and sw.js are no-cache);
// a new build's worker installs its precache in the background and takes over at once
// (skipWaiting, clientsClaim), and the open page then reloads into the new build or offers
// to (update.js).
import { clientsClaim } from 'workbox-core';
import { precache, addPlugins, addRoute, matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { pageOf } from './page-url.js';

self.skipWaiting();
clientsClaim();

/** A stored answer without the URL it was fetched from (a page stored as /checkers/ answers
 * /checkers/?room=…): an answer without a URL keeps the request's. */
const anonymous = (r) => r && new Response(r.body, r);

/** The network's answer; with no network, a page opened by the player gets the site's own
 * 404 page rather than the browser's error page. */
async function network(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const missing = request.mode === 'navigate' && await matchPrecache('/404.html');
    if (!missing) throw err;
    return new Response(missing.body, { status: 404, headers: missing.headers });
  }
}

registerRoute(({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && pageOf(url) !== null,
  async ({ url, request }) => anonymous(await matchPrecache(pageOf(url))) || network(request));

// Any other address a player opens: /checkers without its slash goes to /checkers/ as the
// server sends it (so it opens offline too); anything else goes to the network, and with no
// network the site's own 404 page answers rather than the browser's error page.
registerRoute(({ url, request }) => url.origin === self.location.origin && request.mode === 'navigate' && pageOf(url) === null,
  async ({ url, request }) => {
    const page = `${url.pathname}/`;
    if (await matchPrecache(page)) return Response.redirect(`${url.origin}${page}${url.search}`, 301);
    return network(request);
  });

registerRoute(({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/fonts/'),
  new CacheFirst({ cacheName: 'madang-fonts' }));

precache(self.__WB_MANIFEST);
// A precached asset goes out without the URL it was stored under too: a worker's script takes
// its global's URL from the response, so the engine's worker.js?wasm=… served as the stored
// worker.js would lose the query naming its module.
addPlugins([{ cachedResponseWillBeUsed: async ({ cachedResponse }) => anonymous(cachedResponse) }]);
addRoute({ ignoreURLParametersMatching: [/./], directoryIndex: null, cleanURLs: false });
