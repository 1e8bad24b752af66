// Runs in the <head> before the first paint (a file of its own: the CSP allows no inline script).
// The build writes the code each screen needs into EARLY_CODE (bootScript in vite.config.ts).
/* global document, Element, HTMLTextAreaElement, location, matchMedia, requestAnimationFrame, window */
(function () {
  /**
   * What each signed-in screen asks the API for as soon as it opens, and the chunk of code that draws
   * it. The paths must be the ones the screen's own queries ask for, parameters in the same order
   * (e2e/early-data.spec.ts fails when a screen asks for something twice or leaves an answer unused).
   * `role` keeps a screen of the other role from asking; `:name` stands for the matching part of the
   * address. Screens with filters in the address ask for nothing early.
   */
  var SCREENS = [
    {
      path: '/hosteller/dashboard',
      role: 'hosteller',
      code: 'HostellerHomePage',
      api: [
        '/settlements?status=open&limit=20',
        '/hosteller/stats',
        '/hosteller/requests/recent?limit=5',
        '/hosteller/products/recent?limit=5',
      ],
    },
    {
      path: '/hosteller/my-requests',
      role: 'hosteller',
      code: 'MyRequestsPage',
      api: ['/requests/my-requests?status=all&limit=20'],
    },
    { path: '/hosteller/my-requests/new', role: 'hosteller', code: 'PostRequestPage', api: [] },
    { path: '/hosteller/sell-product', role: 'hosteller', code: 'SellProductPage', api: [] },
    {
      path: '/dayscholar/dashboard',
      role: 'dayscholar',
      code: 'DayScholarHomePage',
      api: [
        '/settlements?status=open&limit=20',
        '/dayscholar/stats',
        '/dayscholar/deliveries/active?limit=5',
        '/dayscholar/requests/available?limit=5&sort=newest',
      ],
    },
    {
      path: '/dayscholar/browse-requests',
      role: 'dayscholar',
      code: 'BrowsePage',
      api: ['/dayscholar/requests/available?sort=newest&limit=20', '/runs?limit=20'],
    },
    {
      path: '/dayscholar/my-deliveries',
      role: 'dayscholar',
      code: 'MyDeliveriesPage',
      api: ['/requests/my-deliveries?status=active&limit=20'],
    },
    { path: '/marketplace', code: 'MarketplacePage', api: ['/products?sort=recent&limit=24'] },
    { path: '/products/:id', code: 'ProductPage', api: ['/products/:id', '/products/:id/offers'] },
    { path: '/requests/:id', code: 'RequestPage', api: ['/requests/:id'] },
    { path: '/saved', code: 'SavedPage', api: ['/products/saved?limit=20'] },
    { path: '/following', code: 'FollowingPage', api: ['/users/following?limit=20'] },
    { path: '/searches', code: 'SavedSearchesPage', api: ['/saved-searches'] },
    { path: '/money', code: 'MoneyPage', api: ['/settlements/summary', '/settlements?status=open&limit=20'] },
    { path: '/users/:id', code: 'UserPage', api: ['/users/:id/profile', '/wanted?posterId=:id&limit=20'] },
    {
      path: '/profile',
      code: 'ProfilePage',
      api: ['/auth/sessions', '/users/blocked', '/push/config', '/email/preferences'],
    },
    { path: '/chat', code: 'ChatPage', api: ['/chat/conversations'] },
    {
      path: '/chat/:id',
      code: 'ChatThreadPage',
      api: ['/chat/conversations', '/chat/conversation/:id?limit=30', '/users/:id', '/users/blocked'],
    },
  ];
  /** Asked for on every screen inside the app's frame: who is signed in, and the bell. */
  var FRAME_API = ['/auth/me', '/notifications?limit=20'];
  var FRAME_CODE = 'AppLayout';
  /** Filled in by the build: chunk name → the script files it needs. */
  var EARLY_CODE = {}; /* __EARLY_CODE__ */

  /** The screen `pathname` opens and its parameters, or null. */
  function match(pathname) {
    var parts = pathname.replace(/\/+$/, '').split('/');
    for (var i = 0; i < SCREENS.length; i++) {
      var pattern = SCREENS[i].path.split('/');
      if (pattern.length !== parts.length) continue;
      var params = {};
      var ok = true;
      for (var k = 0; k < pattern.length && ok; k++) {
        if (pattern[k].charAt(0) === ':') {
          try {
            params[pattern[k].slice(1)] = encodeURIComponent(decodeURIComponent(parts[k]));
          } catch {
            ok = false;
          }
          ok = ok && parts[k] !== '';
        } else ok = pattern[k] === parts[k];
      }
      if (ok) return { screen: SCREENS[i], params: params };
    }
    return null;
  }

  /** The signed-in screen this page opens for the stored member, or null. */
  function storedScreen() {
    var token, user;
    try {
      token = localStorage.getItem('token');
      user = JSON.parse(localStorage.getItem('user') || 'null');
    } catch {
      return null;
    }
    if (!token || !user || !user.isProfileComplete || location.search) return null;
    var found = match(location.pathname);
    if (!found || (found.screen.role && found.screen.role !== user.role)) return null;
    found.token = token;
    return found;
  }

  /** Links that ask for the code of the frame and of the screen, beside the entry's. */
  function codeLinks(found) {
    var files = (EARLY_CODE[FRAME_CODE] || []).concat(EARLY_CODE[found.screen.code] || []);
    var links = [];
    for (var f = 0; f < files.length; f++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = files[f];
      links.push(link);
    }
    return links;
  }

  function preloadCode(found) {
    var links = codeLinks(found);
    for (var l = 0; l < links.length; l++) document.head.appendChild(links[l]);
  }

  /**
   * Adds `nodes` to <head>, a few per task. Asking for a file costs a phone's main thread several
   * milliseconds, so twenty script files asked for in one go made one long task on a screen that is
   * already showing, where a tap waits for it.
   */
  function appendInTurn(nodes) {
    for (var n = 0; n < 3 && nodes.length; n++) document.head.appendChild(nodes.shift());
    if (nodes.length)
      setTimeout(function () {
        appendInTurn(nodes);
      });
  }

  function startEarly(found) {
    var token = found.token;

    var answers = {};
    var paths = FRAME_API.concat(found.screen.api);
    for (var i = 0; i < paths.length; i++) {
      var path =
        '/api' +
        paths[i].replace(/:(\w+)/g, function (_, name) {
          return found.params[name];
        });
      // Each answer is read to its end at once and kept whole: one the app never takes (a product
      // page whose product is gone asks for no offers) would otherwise hold its connection open.
      answers[path] = fetch(path, {
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      }).then(function (response) {
        return response.blob().then(function (body) {
          return new Response([204, 205, 304].indexOf(response.status) >= 0 ? null : body, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
          });
        });
      });
      // Nobody waits for an answer the app never takes; a failed one is the app's to report.
      answers[path].catch(function () {});
    }
    window.campusrunEarly = { token: token, at: Date.now(), answers: answers };
    preloadCode(found);
  }

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

  // The browser's time zone, for the server to write dates and times as this browser does when it
  // draws a signed-in screen.
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) document.cookie = 'tz=' + encodeURIComponent(zone) + '; Path=/; Max-Age=31536000; SameSite=Lax';
  } catch {
    /* no Intl time zone: the server sends the app shell */
  }

  // A signed-in screen asks for its data and its code now, before the app's code has arrived: the
  // app adopts these answers (src/lib/early-requests.ts) instead of asking again once it runs. A
  // screen the server drew has its data in the page already: its code comes after the paint, with
  // the app's.
  var drawnByServer = document.querySelector('meta[name="campusrun-drawn"]') !== null;
  var screen = storedScreen();
  if (screen && !drawnByServer) startEarly(screen);

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
      // The entry script last: once it runs, the app asks for what it imports later, and finds
      // the files already asked for instead of asking for each again in its own long task.
      var preloads = [];
      var scripts = [];
      var content = document.importNode(code.content, true).children;
      for (var c = 0; c < content.length; c++)
        (content[c].tagName === 'SCRIPT' ? scripts : preloads).push(content[c]);
      if (screen && drawnByServer)
        preloads = preloads.concat(
          codeLinks(screen).filter(function (link) {
            return !preloads.some(function (other) {
              return other.getAttribute('href') === link.getAttribute('href');
            });
          }),
        );
      appendInTurn(preloads.concat(scripts));
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

  // Enter in a box that sends (the chat's message box, enterkeyhint="send") before the app is ready
  // would only add a new line: it is held, and sent once the app has the box (src/lib/boot.ts).
  document.addEventListener(
    'keydown',
    function (event) {
      var field = event.target;
      if (window.campusrunReady || !(field instanceof HTMLTextAreaElement)) return;
      if (field.getAttribute('enterkeyhint') !== 'send') return;
      if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      window.campusrunPendingSend = field;
    },
    true,
  );

  // A button that only leads elsewhere (Continue with Google) names its address in data-href, so a
  // press before the app is ready still goes there. Any other button pressed before then has no
  // handler yet: the press is held (the last one) and made again once the app has taken the page
  // over (src/lib/boot.ts), so a tap on a drawn screen's Accept or Send is never lost.
  document.addEventListener(
    'click',
    function (event) {
      if (window.campusrunReady || !(event.target instanceof Element)) return;
      var button = event.target.closest('button[data-href]');
      if (button) {
        window.location.assign(button.getAttribute('data-href'));
        return;
      }
      var pressed = event.target.closest('button:not([disabled])');
      if (!pressed) return;
      event.preventDefault();
      event.stopPropagation();
      window.campusrunPendingClick = pressed;
    },
    true,
  );
})();
