import { randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import { z } from 'zod/v4';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { couponResource } from '@platform/contracts/coupons/coupon';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { couponEndpoints } from '@platform/contracts/coupons/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModuleDeps } from '../app.ts';
import { deriveId } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { couponPurchaseDecider } from './purchase.ts';

const uuid = z.string().uuid();

/**
 * Every purchase racing for a coupon is one append on the coupon's stream; a loser decides again on the new
 * state (sold out, or its own turn). Enough retries for a crowd to end each in a purchase or a refusal.
 */
const PURCHASE_RETRIES = 200;

/** POST /api/v1/coupons/{id}/purchase: the signed-in member buys one coupon (a purchased-coupon). */
export function couponCommandRoutes(deps: CommandModuleDeps): Router {
  const router = express.Router();
  mountEndpoint(router, couponEndpoints.purchase, async (req, res, { params }) => {
    const couponId = params.id;
    if (!uuid.safeParse(couponId).success) throw new NotFoundError(`coupon ${couponId} not found`);
    const request = deps.commandRequest(req, res);
    const { userId } = viewerOf(res);
    if (userId === null) throw new UnauthenticatedError();
    if (userId === SYSTEM_USER_ID)
      throw new ForbiddenError('The API token has no user account: sign in as a member');
    const key = request.idempotencyKey;
    const purchaseId = key ? deriveId(key, 'purchased-coupons', couponId) : randomUUID();
    const result = await deps.handle({
      streamId: couponResource.streamId(couponId),
      decider: couponPurchaseDecider,
      command: { type: 'PurchaseCoupon', data: { couponId, purchaseId, userId }, metadata: request.metadata },
      maxRetries: PURCHASE_RETRIES,
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    const purchased = result.events[0]?.data as { purchaseId: string } | undefined;
    sendCommandResult(res, {
      type: 'purchased-coupons',
      id: purchased?.purchaseId ?? purchaseId,
      result,
      status: 201,
    });
  });
  return router;
}
