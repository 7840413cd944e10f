// Pre-rendered public pages (decision 0046) show whole without script: the app's code loads when the
// visitor first interacts (a touch, a click, a key or a field taking focus), then hydrates the
// page in place. A reader who only reads never downloads it. It loads at once when the app must draw
// something else: a signed-in browser, a language other than the page's, or an address with state
// (a blog filter, a search). A classic script of its own file: the Content-Security-Policy allows no
// inline script.
(() => {
  var script = document.currentScript;
  var root = document.getElementById('root');
  var events = ['pointerdown', 'touchstart', 'keydown', 'focusin'];
  var loaded = false;
  var ready = false;
  // A click on a control or a form's submission made before the app could answer: done again once it
  // can. Links need nothing: they lead to their page by themselves.
  var pending = null;

  function preload(hrefs, attributes) {
    (hrefs || '').split(' ').forEach((href) => {
      if (!href) return;
      var link = document.createElement('link');
      Object.assign(link, attributes);
      link.href = href;
      document.head.appendChild(link);
    });
  }

  function load() {
    if (loaded) return;
    loaded = true;
    events.forEach((type) => {
      window.removeEventListener(type, load, true);
    });
    // The app's modules, and the content JSON it hydrates the page with, fetched side by side.
    preload(script.dataset.preload, { rel: 'modulepreload', crossOrigin: '' });
    preload(root.dataset.content, { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous' });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = script.dataset.module;
    document.body.appendChild(app);
  }

  // The language the app will choose (src/web/i18n: the address, then the reader's choice, then the
  // browser's), to know whether it draws this page as it is.
  function language() {
    var asked = new URLSearchParams(location.search).get('lang');
    if (asked) return asked.slice(0, 2);
    var chosen = null;
    try {
      chosen = localStorage.getItem('savecircle-language');
    } catch (_blocked) {}
    if (chosen) return chosen.slice(0, 2);
    var supported = ['en', 'es', 'fr', 'zh', 'ar', 'ko'];
    var browser = (navigator.languages || [navigator.language || 'en'])
      .map((code) => String(code).slice(0, 2))
      .filter((code) => supported.indexOf(code) >= 0);
    return browser[0] || 'en';
  }

  function mustLoadNow() {
    if (/(?:^|;\s*)(?:__Host-)?sc_signed_in=1(?:;|$)/.test(document.cookie)) return true;
    if (language() !== root.dataset.prerendered) return true;
    var params = new URLSearchParams(location.search);
    params.delete('lang');
    return params.toString() !== '';
  }

  document.addEventListener(
    'click',
    (event) => {
      if (ready || !(event.target instanceof Element)) return;
      var control = event.target.closest('button, summary, [role="button"], [role="tab"], [role="switch"]');
      if (control && !control.closest('a[href]')) pending = () => press(control);
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      if (ready) return;
      // Not sent by the browser as a plain form (its fields would end up in the address): by the app.
      event.preventDefault();
      var form = event.target;
      pending = () => form.isConnected && form.requestSubmit();
    },
    true,
  );
  // As a mouse does it: some controls (a menu's button) open on the press, most on the click.
  function press(control) {
    if (!control.isConnected) return;
    var options = { bubbles: true, cancelable: true, button: 0, pointerType: 'mouse', isPrimary: true };
    control.dispatchEvent(new PointerEvent('pointerdown', options));
    control.dispatchEvent(new PointerEvent('pointerup', options));
    control.click();
  }

  // What was typed before the app ran is in the fields but not in the app's state: said again, as an
  // input event the app hears (its own value setter is stepped around, or it would see no change).
  function retell(field) {
    if (field.value === field.defaultValue || field.type === 'checkbox' || field.type === 'radio') return;
    var typed = field.value;
    var nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set;
    field.value = field.defaultValue;
    nativeSetter.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  // The page's content has hydrated (src/web/lib/prerendered.ts).
  document.addEventListener(
    'savecircle:page-ready',
    () => {
      ready = true;
      document.querySelectorAll('#root input, #root textarea').forEach(retell);
      var replay = pending;
      pending = null;
      // After the app has drawn what was retold (a form sends what its fields hold).
      if (replay) setTimeout(replay, 0);
    },
    { once: true },
  );

  // The build drew the page light. /theme.js has already set the colours; the dark-mode switch is told
  // here, so it says what the reader sees (the app, once hydrated, says the same).
  if (document.documentElement.classList.contains('dark'))
    document.querySelectorAll('[data-theme-switch]').forEach((button) => {
      button.setAttribute('aria-checked', 'true');
    });

  // Offline use (issue 17) needs the service worker, which the app would register: a reader who
  // never interacts gets it too, once the page has loaded.
  if ('serviceWorker' in navigator)
    window.addEventListener(
      'load',
      () => {
        navigator.serviceWorker.register('/sw.js').catch(() => {});
      },
      { once: true },
    );

  if (mustLoadNow()) load();
  else
    events.forEach((type) => {
      window.addEventListener(type, load, { capture: true, passive: true });
    });
})();
