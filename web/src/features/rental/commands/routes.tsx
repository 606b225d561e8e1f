import { Route } from 'wouter';
import { Guarded } from '../../../kit/session/guarded.tsx';
import { lazyScreen } from '../../../kit/lazy/lazy-screen.ts';
import { DESK_COMMANDS_PATH, MEMBER_COMMANDS_PATH } from './paths.ts';

const MemberCommandsScreen = lazyScreen(() =>
  import('./member-commands-screen.tsx').then((m) => ({ default: m.MemberCommandsScreen })),
);
const MemberCommandScreen = lazyScreen(() =>
  import('./member-command-screen.tsx').then((m) => ({ default: m.MemberCommandScreen })),
);
const DeskCommandsScreen = lazyScreen(() =>
  import('./desk-commands-screen.tsx').then((m) => ({ default: m.DeskCommandsScreen })),
);
const DeskCommandScreen = lazyScreen(() =>
  import('./desk-command-screen.tsx').then((m) => ({ default: m.DeskCommandScreen })),
);
const RentalDeskOnly = lazyScreen(() =>
  import('./desk-commands-screen.tsx').then((m) => ({ default: m.RentalDeskOnly })),
);

/**
 * The rental commands' pages (issue 19): the member's list and command (sign-in required), and the rental desk's
 * list and command page (rental administrators, in the admin area).
 */
export const rentalCommandRoutes = (
  <>
    <Route path={MEMBER_COMMANDS_PATH}>
      <Guarded requirement="auth">
        <MemberCommandsScreen />
      </Guarded>
    </Route>
    <Route path={`${MEMBER_COMMANDS_PATH}/:command`}>
      <Guarded requirement="auth">
        <MemberCommandScreen />
      </Guarded>
    </Route>
    <Route path={DESK_COMMANDS_PATH}>
      <Guarded requirement="validated">
        <RentalDeskOnly>
          <DeskCommandsScreen />
        </RentalDeskOnly>
      </Guarded>
    </Route>
    <Route path={`${DESK_COMMANDS_PATH}/:command`}>
      <Guarded requirement="validated">
        <RentalDeskOnly>
          <DeskCommandScreen />
        </RentalDeskOnly>
      </Guarded>
    </Route>
  </>
);
