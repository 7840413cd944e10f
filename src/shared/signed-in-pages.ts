// Signed-in pages the server draws (decision 0048): the build writes their page template with these
// placeholders into the web root's pre-rendered folder, and its renderer beside the server; the server
// fills the template in for each page it draws.

/** The template, under the web root's PRERENDER_DIR. */
export const SIGNED_IN_SHELL = 'signed-in.html';
/** The renderer bundle (src/web/prerender/render-signed-in.tsx), under dist/. */
export const SIGNED_IN_RENDERER_DIR = 'renderer';
export const SIGNED_IN_RENDERER = 'render-signed-in.js';

export const SIGNED_IN_LANG = '__SAVECIRCLE_LANG__';
export const SIGNED_IN_DIR = '__SAVECIRCLE_DIR__';
/** Stands for #root, drawn, and the data it was drawn from. */
export const SIGNED_IN_ROOT = '<!--__SAVECIRCLE_ROOT__-->';

/** The language this browser's app shows, kept by the app beside its own storage for the server to read. */
export const LANGUAGE_COOKIE = 'sc_lang';
