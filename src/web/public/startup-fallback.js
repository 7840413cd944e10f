// Spec 001 §2.14's start-up fallback for when the app's own code does not load (a 404 after a deploy, a
// blocked or broken script), where React's StartupFallback cannot show. A classic script of its own file
// (the Content-Security-Policy allows no inline script), run before the app's module: not deferred, since
// a module that fails to download reports its error at once, before a deferred script would listen.
// Its words are common.json's `startup` in six languages, here since no translation is loaded then;
// src/web/i18n/startup-fallback-words.test.ts keeps them the same.
(() => {
  var WORDS = {
    en: [
      'SaveCircle could not start',
      'Something stopped the app from loading. These steps usually fix it:',
      [
        'Refresh the page.',
        'Open SaveCircle in Chrome or another up-to-date browser.',
        "Clear this site's cache and stored data, then reload.",
        'Update your browser to its latest version.',
      ],
      'Reload',
      'Still stuck? Email our support team',
    ],
    es: [
      'No se pudo iniciar SaveCircle',
      'Algo impidió que la aplicación se cargara. Estos pasos suelen solucionarlo:',
      [
        'Actualiza la página.',
        'Abre SaveCircle en Chrome o en otro navegador actualizado.',
        'Borra la caché y los datos guardados de este sitio, y vuelve a cargar la página.',
        'Actualiza tu navegador a la versión más reciente.',
      ],
      'Volver a cargar',
      '¿Sigues con el problema? Escribe a nuestro equipo de soporte',
    ],
    fr: [
      'SaveCircle n’a pas pu démarrer',
      'Un problème a empêché le chargement de l’application. Ces étapes suffisent généralement à le résoudre :',
      [
        'Actualisez la page.',
        'Ouvrez SaveCircle dans Chrome ou dans un autre navigateur à jour.',
        'Effacez le cache et les données enregistrées de ce site, puis rechargez la page.',
        'Mettez à jour votre navigateur vers sa dernière version.',
      ],
      'Recharger',
      'Le problème persiste ? Écrivez à notre équipe d’assistance',
    ],
    zh: [
      'SaveCircle 无法启动',
      '应用因故未能加载。通常按以下步骤操作即可解决：',
      [
        '刷新页面。',
        '使用 Chrome 或其他最新版本的浏览器打开 SaveCircle。',
        '清除本网站的缓存和存储数据，然后重新加载。',
        '将浏览器更新到最新版本。',
      ],
      '重新加载',
      '问题仍未解决？请发邮件联系我们的客服团队',
    ],
    ar: [
      'تعذّر تشغيل SaveCircle',
      'حدث أمر منع التطبيق من التحميل. عادةً ما تحلّ هذه الخطوات المشكلة:',
      [
        'حدِّث الصفحة.',
        'افتح SaveCircle في متصفح Chrome أو في أي متصفح آخر محدَّث.',
        'امسح ذاكرة التخزين المؤقت والبيانات المخزَّنة لهذا الموقع، ثم أعِد التحميل.',
        'حدِّث متصفحك إلى أحدث إصدار.',
      ],
      'إعادة التحميل',
      'ألا تزال المشكلة قائمة؟ راسِل فريق الدعم عبر البريد الإلكتروني',
    ],
    ko: [
      'SaveCircle을 시작할 수 없습니다',
      '앱을 불러오지 못했습니다. 대부분 다음 방법으로 해결됩니다.',
      [
        '페이지를 새로고침하세요.',
        'Chrome 또는 다른 최신 브라우저에서 SaveCircle을 여세요.',
        '이 사이트의 캐시와 저장된 데이터를 삭제한 후 다시 불러오세요.',
        '브라우저를 최신 버전으로 업데이트하세요.',
      ],
      '새로고침',
      '그래도 해결되지 않나요? 고객지원팀에 이메일로 문의하세요',
    ],
  };
  var shown = false;
  var root = document.getElementById('root');
  // A pre-rendered page (decision 0046) shows its content before the app runs, and its code loads only
  // when the reader interacts: the app has started once it has removed this box (main.tsx).
  var prerendered = Boolean(root && root.dataset.prerendered);
  function started() {
    if (prerendered) return !document.getElementById('startup-fallback');
    return root && root.childElementCount > 0;
  }
  function show() {
    if (shown || started()) return;
    shown = true;
    var asked = (new URLSearchParams(location.search).get('lang') || '').slice(0, 2);
    var browser = (navigator.language || 'en').slice(0, 2);
    var lang = WORDS[asked] ? asked : WORDS[browser] ? browser : 'en';
    var w = WORDS[lang];
    var box = document.getElementById('startup-fallback');
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
    box.querySelector('h1').textContent = w[0];
    box.querySelector('p').textContent = w[1];
    var list = box.querySelector('ol');
    w[2].forEach((step) => {
      var item = document.createElement('li');
      item.textContent = step;
      list.appendChild(item);
    });
    var reload = box.querySelector('button');
    reload.textContent = w[3];
    reload.onclick = () => {
      location.reload();
    };
    box.querySelector('a').textContent = w[4];
    box.hidden = false;
    // In place of a page whose controls would not answer.
    if (prerendered) root.hidden = true;
  }
  // A script or preloaded module that fails to load: its error does not bubble, so listen while capturing.
  window.addEventListener(
    'error',
    (event) => {
      var target = event.target;
      if (
        target &&
        (target.tagName === 'SCRIPT' || (target.tagName === 'LINK' && target.rel === 'modulepreload'))
      )
        show();
    },
    true,
  );
  // Or nothing started at all (a script that hangs, or fails without an event). Not on a pre-rendered
  // page: there the app's code is asked for only when the reader interacts.
  if (!prerendered) setTimeout(show, 20000);
})();
