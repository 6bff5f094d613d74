/** Below 600 px wide counts as mobile (spec.md section 9). */
export const MOBILE_BREAKPOINT = 600;
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;
