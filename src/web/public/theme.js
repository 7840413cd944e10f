// Light or dark before the first paint, so a dark page never flashes white: the reader's own choice
// (the header's switch) or else the system's (decision 0043). Loaded in <head>, not deferred.
(() => {
  var choice = null;
  try {
    choice = localStorage.getItem('savecircle-theme');
  } catch (e) {}
  var dark = choice ? choice === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.classList.toggle('dark', dark);
})();
