/**
 * Prompt sizes (input + cache write + cache read, in tokens) at which a price table may change a
 * model's rates: a usage rollup keeps the requests above each apart, so a tier that starts at one of
 * these prices rollups exactly (the shipped table's tiers start at 200,000 and 272,000). A price
 * table (the user's file included) with a tier starting anywhere else makes reports read the requests
 * themselves until this list names it (and ROLLUP_VERSION in rollup.ts is raised, which rebuilds).
 */
export const ROLLUP_BANDS: readonly number[] = [128_000, 200_000, 272_000];
