/** Where the member's software page lives on the web (seed 000 §2), behind the software feature. */

/** The member's software services and the installations associated with them. */
export const ACCOUNT_SOFTWARE_PATH = '/account/software/associations';
