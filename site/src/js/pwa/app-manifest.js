// The web app manifest (W3C Web Application Manifest) that makes the site installable: its
// Korean names, the theme and background colours of site.css, standalone display over the
// whole site, and the icons build.mjs renders from src/icons/*.svg. build.mjs writes it as
// /assets/manifest-<HASH>.json and every page links it (src/partials/head.html).

/** The PNG sizes rendered from the icon's SVG: Android's launcher and splash screen (192,
 * 512; Lighthouse's installability asked for both), and iOS's home screen (180, linked as
 * apple-touch-icon, not listed in the manifest). */
export const ICON_SIZES = [180, 192, 512];

/** The colours of the installed app (site.css --accent and --bg). */
export const THEME_COLOR = '#2f6b4f';
export const BACKGROUND_COLOR = '#f4efe6';

/** The manifest, given the URL of each icon: icons[size] ('any'), maskable[size]. */
export function appManifest({ icons, maskable }) {
  return {
    id: '/',
    name: '마당 — 보드게임',
    short_name: '마당',
    description: '영미식 체커, 국제식 드래프트, 차이니즈 체커, 다이아몬드 게임, 백가몬을 AI와, 한 기기에서, 친구와 온라인으로 즐기는 보드게임 마당',
    lang: 'ko',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      ...[192, 512].map((s) => ({ src: icons[s], sizes: `${s}x${s}`, type: 'image/png', purpose: 'any' })),
      ...[192, 512].map((s) => ({ src: maskable[s], sizes: `${s}x${s}`, type: 'image/png', purpose: 'maskable' })),
    ],
  };
}
