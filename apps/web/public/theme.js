// Runs before the first paint so a dark-mode user never sees a white flash. A file, not an inline
// script, so the Content-Security-Policy can forbid inline scripts.
(() => {
  try {
    const saved = localStorage.getItem('giftrelay-theme');
    const dark = saved ? saved === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
    // Someone signed in on this browser: the public pages' header shows "Dashboard" from the first
    // paint, by CSS, without the prerendered HTML depending on it (docs/decisions/021-…).
    if (localStorage.getItem('giftrelay-session') === '1') document.documentElement.dataset.signedIn = '';
  } catch {}
})();
