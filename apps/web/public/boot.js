// Runs in the <head> before the first paint (a file of its own: the CSP allows no inline script).
/* global document, Element, matchMedia, requestAnimationFrame, window */
(function () {
  // The stored colour theme, so a dark page never flashes light. Same key and colours as
  // src/lib/theme.ts.
  var choice = null;
  try {
    choice = localStorage.getItem('theme');
  } catch {
    /* storage blocked: follow the system */
  }
  var dark = choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) {
    document.documentElement.classList.add('dark');
    document.querySelector('meta[name="theme-color"]').setAttribute('content', '#0f172a');
  }

  // A prerendered form can be filled in before the app's code has run. Until the app takes the page
  // over, submitting it must not reach the browser (a plain GET would put every field, the password
  // too, in the address); the app sends the last one itself once it is ready (src/lib/boot.ts).
  // A prerendered screen holds the app's code in <template id="app-code">: it is fetched once the
  // screen has been painted (at once in a hidden tab, which paints nothing), so the styles the first
  // paint needs have the network to themselves.
  document.addEventListener('DOMContentLoaded', function () {
    var code = document.getElementById('app-code');
    if (!code) return;
    var load = function () {
      document.head.appendChild(document.importNode(code.content, true));
    };
    if (document.visibilityState === 'hidden') load();
    else
      requestAnimationFrame(function () {
        setTimeout(load);
      });
  });

  document.addEventListener(
    'submit',
    function (event) {
      if (window.campusrunReady) return;
      event.preventDefault();
      window.campusrunPendingSubmit = event.target;
    },
    true,
  );

  // A button that only leads elsewhere (Continue with Google) names its address in data-href, so a
  // press before the app is ready still goes there.
  document.addEventListener('click', function (event) {
    if (window.campusrunReady || !(event.target instanceof Element)) return;
    var button = event.target.closest('button[data-href]');
    if (button) window.location.assign(button.getAttribute('data-href'));
  });
})();
