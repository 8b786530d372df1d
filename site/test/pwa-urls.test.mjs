// The service worker's page URLs (src/js/pwa/page-url.js), no browser: which requests are
// pages (from the precache, this build's copy) and the names the precache list gives
// the built page files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageOf, pageURL } from '../src/js/pwa/page-url.js';

const at = (p) => new URL(p, 'https://madang.example');

test('a page URL names its page, whatever its query; an asset or the worker is no page', () => {
  assert.equal(pageOf(at('/')), '/');
  assert.equal(pageOf(at('/checkers/')), '/checkers/');
  assert.equal(pageOf(at('/checkers/?room=abc')), '/checkers/');
  assert.equal(pageOf(at('/checkers/index.html')), '/checkers/');
  assert.equal(pageOf(at('/index.html')), '/');
  assert.equal(pageOf(at('/404.html')), '/404.html');
  assert.equal(pageOf(at('/assets/draughts-ABCDEFGH.js')), null);
  assert.equal(pageOf(at('/assets/x/')), null);
  assert.equal(pageOf(at('/sw.js')), null);
  assert.equal(pageOf(at('/config.json')), null);
});

test('a built page file is precached under the URL a player opens', () => {
  assert.equal(pageURL('index.html'), '/');
  assert.equal(pageURL('checkers/index.html'), '/checkers/');
  assert.equal(pageURL('diamond-kr/index.html'), '/diamond-kr/');
});
