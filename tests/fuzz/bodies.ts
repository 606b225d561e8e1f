import { z } from 'zod';
import {
  ConfirmTwoFactorRequestSchema,
  DisableTwoFactorRequestSchema,
  EnableTwoFactorRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  TwoFactorLoginRequestSchema,
  VerifyEmailRequestSchema,
} from '@platform/contracts/auth/requests';
import { MoveMenuItemBodySchema } from '@platform/contracts/menu/requests';
import {
  ActingDocument,
  CreateRequestDocument,
  DecideRequestDocument,
} from '@platform/command-api/accounts/membership-routes';
import {
  CreateDocument as CreateUserDocument,
  UpdateDocument as UpdateUserDocument,
} from '@platform/command-api/accounts/routes';
import { FileFields } from '@platform/command-api/files/routes';
import {
  CreateDocument as CreateMenuItemDocument,
  UpdateDocument as UpdateMenuItemDocument,
} from '@platform/command-api/menu/routes';
import { openBadgeEndpoints } from '@platform/contracts/open-badges/endpoints';
import { UsersDocument } from '@platform/command-api/organizations/routes';
import {
  CreateComponentDocument,
  CreatePageDocument,
  DeleteComponentDocument,
  UpdateComponentDocument,
  UpdatePageDocument,
} from '@platform/command-api/pages/routes';
import {
  RefuseDocument as PublicationRefuseDocument,
  SubmitDocument as PublicationSubmitDocument,
} from '@platform/command-api/publications/routes';
import { bookingDocument, confirmDocument } from '@platform/command-api/rental/booking-routes';
import { ActionDocument as RentalActionDocument } from '@platform/command-api/rental/lifecycle-routes';

/**
 * The body a hand-written route reads, by its schema: a JSON body (a JSON:API document under /api/v1, a plain
 * object under /auth) or the text fields of a multipart form (uploads, sent with a small file part).
 */
export interface RouteBody {
  schema: z.ZodTypeAny;
  form: 'json' | 'multipart';
}

const json = (schema: z.ZodTypeAny): RouteBody => ({ schema, form: 'json' });
const multipart = (schema: z.ZodTypeAny): RouteBody => ({ schema, form: 'multipart' });

/**
 * POST /services/secured-files checks its form fields by hand, with no schema of its own: the fields it reads
 * (files[] are the file parts).
 */
const SecuredFileFields = z.object({ 'model[type]': z.string().min(1), 'model[id]': z.string().uuid() });

/**
 * Every hand-written route that reads a body, `METHOD /path` as the routers declare it, with the schema the
 * route itself parses the body with (imported from where the route takes it): the fuzz generates near-valid
 * bodies from it, so that a request gets past the first shape check to the route's deeper checks. The resource
 * layer's routes take theirs from the resource definitions (inputs.ts). A DELETE that reads a body is here too.
 */
export const ROUTE_BODIES: Readonly<Record<string, RouteBody>> = {
  // pages
  'POST /api/v1/app-pages': json(CreatePageDocument),
  'PATCH /api/v1/app-pages/:id': json(UpdatePageDocument),
  'POST /api/v1/app-page-components': json(CreateComponentDocument),
  'PATCH /api/v1/app-page-components/:id': json(UpdateComponentDocument),
  'DELETE /api/v1/app-page-components/:id': json(DeleteComponentDocument),
  // menu
  'POST /api/v1/app-menu-items': json(CreateMenuItemDocument),
  'PATCH /api/v1/app-menu-items/:id': json(UpdateMenuItemDocument),
  'POST /api/v1/app-menu-items/:id/move': json(MoveMenuItemBodySchema),
  // rental: the member's booking and confirmation, the rental team's desk
  'POST /api/v1/services/rentals/bookings': json(bookingDocument),
  'POST /api/v1/services/rentals/commands': json(confirmDocument),
  'POST /api/v1/services/rentals/commands/:id/actions': json(RentalActionDocument),
  // open badges
  'POST /api/v1/services/open-badges/sessions': json(openBadgeEndpoints.requestSession.body),
  'POST /api/v1/services/open-badges/sessions/:id/actions': json(openBadgeEndpoints.sessionAction.body),
  'POST /api/v1/services/open-badges/sessions/:id/assertion': json(openBadgeEndpoints.issueAssertion.body),
  'POST /api/v1/services/open-badges/assertions/:id/revoke': json(openBadgeEndpoints.revokeAssertion.body),
  // publication requests: a member submits an item, a publisher refuses (accepting reads no body)
  'POST /api/v1/services/publishables/:type/:id/publication-requests': json(PublicationSubmitDocument),
  'POST /api/v1/services/publishables/:type/:id/publication-requests/:requestId/refuse':
    json(PublicationRefuseDocument),
  // accounts and organizations
  'POST /api/v1/users': json(CreateUserDocument),
  'PATCH /api/v1/users/:id': json(UpdateUserDocument),
  'PATCH /api/v1/users/:id/relationships/acting-as-organization': json(ActingDocument),
  'POST /api/v1/validation-requests': json(CreateRequestDocument),
  'PATCH /api/v1/validation-requests/:id': json(DecideRequestDocument),
  'POST /api/v1/organizations/:id/relationships/users': json(UsersDocument),
  'DELETE /api/v1/organizations/:id/relationships/users': json(UsersDocument),
  // files
  'POST /api/v1/services/files': multipart(FileFields),
  'POST /api/v1/services/secured-files': multipart(SecuredFileFields),
  // sign-in, registration, passwords, two-factor
  'POST /auth/login': json(LoginRequestSchema),
  'POST /auth/two-factor/login': json(TwoFactorLoginRequestSchema),
  'POST /auth/password/forgot': json(ForgotPasswordRequestSchema),
  'POST /auth/password/reset': json(ResetPasswordRequestSchema),
  'POST /auth/register': json(RegisterRequestSchema),
  'POST /auth/email/verify': json(VerifyEmailRequestSchema),
  'POST /auth/two-factor/enable': json(EnableTwoFactorRequestSchema),
  'POST /auth/two-factor/confirm': json(ConfirmTwoFactorRequestSchema),
  'POST /auth/two-factor/disable': json(DisableTwoFactorRequestSchema),
};

/**
 * The hand-written POST, PATCH and PUT routes that read no body (the path and the viewer are the whole request):
 * they get only the generic shapes.
 */
export const BODYLESS_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/v1/app-pages/:id/draft',
  'POST /api/v1/services/app-pages/:id/publish',
  'POST /api/v1/coupons/:id/purchase',
  'POST /api/v1/notifications/:id/read',
  'POST /api/v1/services/publishables/:type/:id/publication-requests/:requestId/accept',
  'POST /api/v1/services/open-badges/badges/:id/new-version',
  'POST /api/v1/services/users/:id/impersonate',
  'POST /auth/logout',
  'POST /auth/social/:provider/login',
  'POST /auth/email/verification-notification',
]);

/** The body schema of a route, by its method and path as walked from the routers. */
export const bodyOf = (route: { method: string; path: string }): RouteBody | undefined =>
  ROUTE_BODIES[`${route.method} ${route.path}`];
