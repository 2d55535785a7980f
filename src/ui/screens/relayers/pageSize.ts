/** Relayer lists are short: fetch big pages so the client-side sort covers them whole. */
export const RELAYERS_PER_PAGE = 100;
