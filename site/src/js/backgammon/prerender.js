// The backgammon page's build-time markup (site/build.mjs runs a family's prerender module,
// named by its descriptor, games/backgammon, on the family's page template).
import { RATING_CATS, ratingLine } from './text.js';
import { START } from './rating.js';

/** The rating card's lines for a new device (<ul id="rating">, empty in the template), so
 * the card has its height at the first paint: the page writes the device's own figures over
 * them (Lighthouse measured the card's growth as a layout shift). escapeHTML escapes a text
 * for HTML. */
export const prerender = (html, escapeHTML) => html.replace(/(<ul id="rating"[^>]*>)(<\/ul>)/, (m, open, close) => `${open}${RATING_CATS.map((cat) => `<li data-cat="${cat}">${escapeHTML(ratingLine(cat, { r: START, wins: 0, losses: 0 }))}</li>`).join('')}${close}`);
