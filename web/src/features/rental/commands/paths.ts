/** Where the rental commands' pages are: the member's (signed in) and the rental desk's (in the admin area). */
export const MEMBER_COMMANDS_PATH = '/services/rentals/commands';
export const memberCommandPath = (id: string) => `${MEMBER_COMMANDS_PATH}/${encodeURIComponent(id)}`;
export const DESK_COMMANDS_PATH = '/admin/rental/commands';
export const deskCommandPath = (id: string) => `${DESK_COMMANDS_PATH}/${encodeURIComponent(id)}`;
