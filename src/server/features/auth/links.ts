import { publicOrigin } from '#server/http/public-origin.ts';

/** The address links in emails start with. */
export const linkBase = publicOrigin;

export const linkTo = (base: string, page: string, token: string) =>
  `${base}/${page}?token=${encodeURIComponent(token)}`;
