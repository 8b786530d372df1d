// The site's service worker (/sw.js, scope /): the built site offline after one visit, and a
// second visit served from the device. build.mjs bundles it with the precache list it writes
// from the built file set (self.__WB_MANIFEST: every page by its canonical URL with a
// revision, every hashed asset by its URL alone, the fonts left out), so each build's worker
// differs from the last in its bytes and the browser installs it at the next visit.
//
//   - Pages (/, /<game>/, *.html) go to the network first (they are no-cache: a new deploy
//     shows at once) and fall back to the precached copy of this build when the network
//     fails, so a page offline is always the one whose assets this worker holds.
//   - Hashed assets (/assets/…) come from the precache (Workbox's precaching: fetched at
//     install, the HTTP cache reused for files the page has loaded already; the query of
//     worker.js?wasm=… ignored); files of older builds are deleted when this worker
//     activates. An asset the list does not hold (an older page still open asks for its
//     files) goes to the network.
//   - Fonts (/assets/fonts/, a hundred unicode-range subsets of which a page loads a few)
//     are kept as the pages load them.
// A new worker takes over at once (skipWaiting, clientsClaim): the next page load is the new
// build's, whole.
import { clientsClaim } from 'workbox-core';
import { precache, addPlugins, addRoute, matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { pageOf } from './page-url.js';

self.skipWaiting();
clientsClaim();

registerRoute(({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && pageOf(url) !== null,
  async ({ url, request }) => {
    try {
      return await fetch(request);
    } catch (err) {
      const cached = await matchPrecache(pageOf(url));
      if (cached) return cached;
      throw err;
    }
  });

registerRoute(({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/fonts/'),
  new CacheFirst({ cacheName: 'madang-fonts' }));

precache(self.__WB_MANIFEST);
// A precached answer goes out without the URL it was stored under: a worker's script takes
// its global's URL from the response, so the engine's worker.js?wasm=… served as the stored
// worker.js would lose the query naming its module; an answer without a URL keeps the
// request's.
addPlugins([{ cachedResponseWillBeUsed: async ({ cachedResponse }) => cachedResponse && new Response(cachedResponse.body, cachedResponse) }]);
addRoute({ ignoreURLParametersMatching: [/./], directoryIndex: null, cleanURLs: false });
