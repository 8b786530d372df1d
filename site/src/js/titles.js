// Each game's Korean title as its descriptor declares it (games/<family>, the site manifest
// `madang games --json`): site/build.mjs puts the manifest's titles in place of MADANG_TITLES
// when it bundles the pages (esbuild's define), so the pages hold no copy of them.
/* global MADANG_TITLES */

/** game id → Korean title ('checkers' → '영미식 체커'). */
export const TITLE = MADANG_TITLES;
