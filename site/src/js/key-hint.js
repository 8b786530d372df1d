// Hints with a keyboard part: the keys ('방향키로 … Enter로 …') sit in a .key-hint span,
// which site.css shows only where a keyboard is likely (a pointer that hovers and is fine);
// on a touch phone it is visually hidden but still read by a screen reader (a phone may have
// a keyboard attached, and a screen reader's user may use it).

/** Fills el with hint: a plain string, or {text, keys} (keys: the keyboard part, '' for none). */
export function setHint(el, hint) {
  if (typeof hint === 'string') {
    el.textContent = hint;
    return;
  }
  el.textContent = hint.text;
  if (!hint.keys) return;
  const k = document.createElement('span');
  k.className = 'key-hint';
  k.textContent = hint.keys;
  el.append(' ', k);
}
