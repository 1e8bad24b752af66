// Applies the stored colour theme before the first paint, so a dark page never flashes light (a file
// of its own: the CSP allows no inline script). Same key and colours as src/lib/theme.ts.
/* global document, matchMedia */
(function () {
  var choice = null;
  try {
    choice = localStorage.getItem('theme');
  } catch {
    /* storage blocked: follow the system */
  }
  var dark = choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  if (!dark) return;
  document.documentElement.classList.add('dark');
  document.querySelector('meta[name="theme-color"]').setAttribute('content', '#0f172a');
})();
