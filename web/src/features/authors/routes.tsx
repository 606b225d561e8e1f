import { Route } from 'wouter';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';
import { Guarded } from '../../kit/session/guarded.tsx';

const UserProfileScreen = lazyScreen(() =>
  import('./user-profile-screen.tsx').then((m) => ({ default: m.UserProfileScreen })),
);

/** users.profile (seed 000 §2.2): /users/{user}/profile, a member's public page, for anybody. */
export const authorRoutes = (
  <Route path="/users/:user/profile">
    <Guarded requirement="public">
      <UserProfileScreen />
    </Guarded>
  </Route>
);
