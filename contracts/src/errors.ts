/**
 * One error vocabulary for server and web. Each code maps to one HTTP status (ARCHITECTURE.md §7);
 * the web maps the same codes to translated messages.
 */
export const ERROR_STATUS = {
  'validation.invalid': 422,
  'validation.required': 422,
  'validation.unknown_component_type': 422,
  'validation.malformed_json': 400,
  'validation.invalid_parameter': 400,
  'validation.payload_too_large': 413,
  'validation.unsupported_media_type': 415,
  // accounts: a sign-in that does not match, a wrong or replayed two-factor code, a bad reset token
  'validation.invalid_credentials': 422,
  'validation.invalid_code': 422,
  'validation.invalid_token': 422,
  /** a comment on a record whose comments are disabled (unpublished, hasComments false, soft-deleted: seed 001 §3) */
  'validation.comments_disabled': 422,
  /** an open badge training requested on a badge that is unknown or not published (yet), or has no module */
  'validation.open_badge_unpublished': 422,
  'validation.open_badge_without_modules': 422,
  /** an open badge training requested from an unknown organization, or one under the issuers' threshold */
  'validation.open_badge_issuer_unknown': 422,
  'validation.open_badge_issuer_level': 422,
  /** an article filed in a category that takes the articles of publishers and contributors only */
  'validation.category_closed': 422,
  /** a survey answer naming more choices than the survey allows (one, or maxSelectedChoices) */
  'validation.survey_too_many_choices': 422,
  'conflict.wrong_expected_version': 409,
  'conflict.duplicate_id': 409,
  'conflict.duplicate_path': 409,
  'conflict.draft_unchanged': 409,
  'conflict.state': 409,
  'conflict.duplicate_email': 409,
  'conflict.duplicate_slug': 409,
  /** a resource attribute declared unique (a short URL's token, a language line's key) */
  'conflict.duplicate_value': 409,
  /** a coupon purchase the availability rule refuses (seed 001 §4) */
  'conflict.coupon_expired': 409,
  'conflict.coupon_sold_out': 409,
  'conflict.coupon_individual_limit': 409,
  /** a rental booking asks more units of a model than are free for its period */
  'conflict.rental_unavailable': 409,
  /** a booking's hold lapsed before its command was confirmed */
  'conflict.rental_booking_expired': 409,
  /** a member confirming a rental command while as many as the environment allows are still in progress */
  'conflict.rental_pending_commands': 409,
  /** an item assigned to a rental command while another command whose period overlaps has it */
  'conflict.rental_item_taken': 409,
  /** an open badge training session's action its state does not allow (modules out of order, decided twice...) */
  'conflict.open_badge_session_state': 409,
  /** an open badge assertion revoked again */
  'conflict.open_badge_assertion_revoked': 409,
  /** a file that records' file fields still name, soft-deleted or deleted (ADR 0027) */
  'conflict.file_in_use': 409,
  /** a publication request for an item that already has a pending one */
  'conflict.publication_request_pending': 409,
  /** a publication request (or its acceptance) for an item published already, or scheduled to be */
  'conflict.already_published': 409,
  /** a decision on a publication request that is not pending, or whose item was deleted */
  'conflict.publication_request_state': 409,
  /** a report resolved again */
  'conflict.report_resolved': 409,
  /** a survey answered before its openAt, or from its closeAt */
  'conflict.survey_not_open': 409,
  'conflict.survey_closed': 409,
  /** a second answer by the same member or visitor, or for the same organization (onePerOrganization) */
  'conflict.survey_already_answered': 409,
  'conflict.survey_organization_answered': 409,
  /** a light-user form put offline by the back office, or past its expiresAt */
  'conflict.form_closed': 409,
  'conflict.form_expired': 409,
  /** a second input from the same e-mail address on a form that takes one (onlyOneInput) */
  'conflict.form_already_submitted': 409,
  /** a light-user form input the back office has handled already */
  'conflict.input_handled': 409,
  /** an advanced form answered before its openAt (its closeAt past is conflict.form_closed) */
  'conflict.form_not_open': 409,
  /** an advanced form's response saved or ended once it was ended */
  'conflict.response_ended': 409,
  /** an authorization whose installations are as many as its service takes (associationsMax) */
  'conflict.associations_full': 409,
  /** an authorization not in force yet, or expired */
  'conflict.authorization_not_in_force': 409,
  /** an installation associated with the same authorization already */
  'conflict.already_associated': 409,
  /** a newsletter sent already as it is now (a change to it makes a version that may be sent) */
  'conflict.newsletter_already_sent': 409,
  /** a newsletter sent when no contact is subscribed */
  'conflict.newsletter_no_recipients': 409,
  'auth.unauthenticated': 401,
  'auth.session_expired': 419,
  'auth.forbidden': 403,
  /** an unsafe request carried by a session cookie without the X-Requested-With header */
  'auth.csrf': 403,
  /** a signed link (e-mail verification) that was altered or has expired */
  'auth.link_invalid': 403,
  'auth.link_expired': 403,
  'auth.rate_limited': 429,
  /** a message in a forum subject limited to administrators, by a member who is none */
  'auth.forum_subject_limited': 403,
  /** a survey answered once per organization, by a member acting for none */
  'auth.survey_organization_required': 403,
  not_found: 404,
  internal: 500,
  /** the platform is starting (migrating, catching up, seeding): try again after Retry-After */
  'unavailable.starting': 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorIssue {
  /** JSON pointer into the request document, e.g. /data/attributes/path */
  pointer?: string;
  parameter?: string;
  code: ErrorCode;
  detail: string;
  /** facts a client acts on, e.g. { retryAfter: seconds } on a 429 */
  meta?: Record<string, unknown>;
}

/** A failure the caller can act on. Deciders throw these; the error middleware renders them. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[];
  constructor(code: ErrorCode, detail: string, issues?: ErrorIssue[]) {
    super(detail);
    this.name = new.target.name;
    this.code = code;
    this.issues = issues ?? [{ code, detail }];
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export class ValidationError extends DomainError {
  constructor(issues: ErrorIssue[]) {
    super(issues[0]?.code ?? 'validation.invalid', issues[0]?.detail ?? 'Invalid input', issues);
  }
  static at(pointer: string, detail: string, code: ErrorCode = 'validation.invalid'): ValidationError {
    return new ValidationError([{ pointer, code, detail }]);
  }
}

export class ConflictError extends DomainError {
  constructor(code: Extract<ErrorCode, `conflict.${string}`>, detail: string, pointer?: string) {
    super(code, detail, [{ code, detail, ...(pointer ? { pointer } : {}) }]);
  }
}

export class NotFoundError extends DomainError {
  constructor(detail = 'Resource not found') {
    super('not_found', detail);
  }
}

export class ForbiddenError extends DomainError {
  constructor(detail = 'app page cannot be accessed, unauthorized') {
    super('auth.forbidden', detail);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(detail = 'Authentication required') {
    super('auth.unauthenticated', detail);
  }
}
