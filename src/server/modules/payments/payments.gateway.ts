import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { GatewayName } from '../../../contracts/checkout.contract';
import { checkoutMessages } from '../../../contracts/checkout.contract';
import { adminPayoutMessages, ROUTE_TRANSFER_PATTERN } from '../../../contracts/payouts.contract';
import { AppError } from '../../platform/app-error';

export type ProviderOrderRequest = {
  amountPaise: number;
  currency: 'INR';
  receipt: string;
  notes: Record<string, string>;
};

/** A payment provider, as checkout sees it: create an order to pay, then check the signed answer. */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** The public key id the browser's checkout needs (Razorpay only). */
  readonly keyId?: string;
  /**
   * Its orders are made in this process, reaching no provider (the test gateway): one may be made before
   * the stock is held, so that the hold and the payment row are written by one statement.
   */
  readonly ordersAreLocal?: boolean;
  /** Creates the provider's order for an amount; called outside any database transaction. */
  createOrder(req: ProviderOrderRequest): Promise<{ providerOrderId: string }>;
  /** True when `signature` is the provider's signature of `${providerOrderId}|${providerPaymentId}`. */
  verifySignature(a: { providerOrderId: string; providerPaymentId: string; signature: string }): boolean;
}

/** HMAC-SHA256 hex of `${orderId}|${paymentId}`: how Razorpay signs a checkout response. */
export function signCheckout(secret: string | Buffer, orderId: string, paymentId: string): string {
  return createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Compares two hex signatures in constant time (false when the lengths differ). */
export function sameSignature(expectedHex: string, givenHex: string): boolean {
  const a = Buffer.from(expectedHex, 'utf8');
  const b = Buffer.from(givenHex.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The built-in test gateway: no network, no money. It "creates" an order locally, and its own
 * dialog in the browser asks the server to sign a payment (see `signTestPayment`) exactly as
 * Razorpay's checkout would, so the verification path is the same.
 */
export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  readonly ordersAreLocal = true;
  constructor(private readonly secret: Buffer) {}

  async createOrder(): Promise<{ providerOrderId: string }> {
    return { providerOrderId: `test_order_${randomUUID()}` };
  }

  /** Signs a simulated successful payment of a test order. */
  pay(providerOrderId: string): { providerPaymentId: string; signature: string } {
    const providerPaymentId = `test_pay_${randomUUID()}`;
    return { providerPaymentId, signature: signCheckout(this.secret, providerOrderId, providerPaymentId) };
  }

  verifySignature(a: { providerOrderId: string; providerPaymentId: string; signature: string }): boolean {
    return sameSignature(signCheckout(this.secret, a.providerOrderId, a.providerPaymentId), a.signature);
  }
  /** The test gateway's refund: a record with its own id, no money moved. */
  refund(): GatewayRefund {
    return { refundId: `test_rfnd_${randomUUID()}`, status: 'processed' };
  }
}

/** A payment as the provider reports it. */
export type ProviderPayment = {
  providerOrderId: string | null;
  amountPaise: number | null;
  currency: string | null;
  status: string | null;
};

/** The Authorization header of Razorpay's API: HTTP basic auth with the key id and key secret. */
export const razorpayAuthorization = (keyId: string, keySecret: string) =>
  `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

export type RazorpayCredentials = { apiBase: string; keyId: string; keySecret: string; webhookSecret: string | null };

type RazorpayOrder = { id?: unknown; amount?: unknown; currency?: unknown; status?: unknown };

/** A Route direct transfer to ask for: to a linked account (acc_…), in paise; `idempotencyKey` (4 to 36 characters) makes a retry of it safe. */
export type TransferRequest = {
  accountId: string;
  amountPaise: number;
  notes: Record<string, string>;
  idempotencyKey: string;
};
/** The transfer Razorpay made: its id (trf_…) and status ('pending', 'processed', ...). */
export type Transfer = { transferId: string; status: string };
type RazorpayTransfer = { id?: unknown; amount?: unknown; recipient?: unknown; status?: unknown };

/** Razorpay answered, but not with a transfer of this amount to this account: money may have moved, so the payout must not be offered again as if nothing happened. */
export class TransferUnclearError extends AppError {
  constructor() {
    super('UNAVAILABLE', adminPayoutMessages.transferUnclear);
  }
}

/** Razorpay could not be reached, timed out or failed on its side (5xx): the transfer may or may not have been made. */
export class TransferOutcomeUnknownError extends AppError {
  constructor() {
    super('UNAVAILABLE', adminPayoutMessages.transferUnknown);
  }
}

/** A refund to ask a gateway for: of our payment's provider payment, in paise; `idempotencyKey` (our refund's id) makes a retry safe. */
export type RefundRequest = {
  providerPaymentId: string;
  amountPaise: number;
  notes: Record<string, string>;
  receipt: string;
  idempotencyKey: string;
};
/** The refund a gateway made: its id (rfnd_… or test_rfnd_…) and status. */
export type GatewayRefund = { refundId: string; status: string };

/** The gateway refused the refund (its reason is kept, to be shown to the super admin): nothing was refunded. */
export class RefundFailedError extends Error {}
/** The gateway could not be reached or failed on its side: a refund may have been made; asking again with the same key answers it. */
export class RefundOutcomeUnknownError extends Error {}

/** Razorpay: its Orders API over HTTPS with basic auth, and its HMAC-SHA256 signatures. */
export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay' as const;
  readonly keyId: string;
  constructor(private readonly creds: RazorpayCredentials) {
    this.keyId = creds.keyId;
  }

  async createOrder(req: ProviderOrderRequest): Promise<{ providerOrderId: string }> {
    let body: RazorpayOrder;
    try {
      const res = await fetch(`${this.creds.apiBase.replace(/\/+$/, '')}/v1/orders`, {
        method: 'POST',
        headers: {
          authorization: razorpayAuthorization(this.creds.keyId, this.creds.keySecret),
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          amount: req.amountPaise,
          currency: req.currency,
          receipt: req.receipt,
          notes: req.notes,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`Razorpay answered ${res.status}`);
      body = (await res.json()) as RazorpayOrder;
    } catch {
      throw new AppError('UNAVAILABLE', checkoutMessages.createOrderFailed);
    }
    if (typeof body.id !== 'string' || body.amount !== req.amountPaise)
      throw new AppError('UNAVAILABLE', checkoutMessages.createOrderFailed);
    return { providerOrderId: body.id };
  }

  verifySignature(a: { providerOrderId: string; providerPaymentId: string; signature: string }): boolean {
    return sameSignature(signCheckout(this.creds.keySecret, a.providerOrderId, a.providerPaymentId), a.signature);
  }

  /**
   * A Razorpay Route direct transfer from Haat's balance to a linked account (POST /v1/transfers,
   * with the X-Transfer-Idempotency header so that a retry of the same payout never transfers twice).
   * Throws UNAVAILABLE when Razorpay refuses it (a 4xx answer) or reports it failed: no transfer was
   * made; TransferOutcomeUnknownError when it cannot be reached, times out or fails on its side (5xx):
   * a transfer may have been made, and asking again with the same key answers it; TransferUnclearError
   * for a transfer of another amount or account. Called outside any database transaction.
   */
  async createTransfer(req: TransferRequest): Promise<Transfer> {
    let res: Response;
    try {
      res = await fetch(`${this.creds.apiBase.replace(/\/+$/, '')}/v1/transfers`, {
        method: 'POST',
        headers: {
          authorization: razorpayAuthorization(this.creds.keyId, this.creds.keySecret),
          'content-type': 'application/json',
          'x-transfer-idempotency': req.idempotencyKey,
        },
        body: JSON.stringify({ account: req.accountId, amount: req.amountPaise, currency: 'INR', notes: req.notes }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      throw new TransferOutcomeUnknownError();
    }
    if (res.status >= 500) throw new TransferOutcomeUnknownError();
    if (!res.ok) throw new AppError('UNAVAILABLE', adminPayoutMessages.transferFailed);
    let body: RazorpayTransfer;
    try {
      body = (await res.json()) as RazorpayTransfer;
    } catch {
      throw new TransferOutcomeUnknownError();
    }
    if (body.status === 'failed') throw new AppError('UNAVAILABLE', adminPayoutMessages.transferFailed);
    if (
      typeof body.id !== 'string' ||
      !ROUTE_TRANSFER_PATTERN.test(body.id) ||
      body.amount !== req.amountPaise ||
      body.recipient !== req.accountId
    ) {
      throw new TransferUnclearError();
    }
    return { transferId: body.id, status: typeof body.status === 'string' ? body.status : 'pending' };
  }

  /**
   * A normal refund of a captured payment (POST /v1/payments/:id/refund), in paise, with the
   * X-Refund-Idempotency header so that asking again with the same key never refunds twice. Throws
   * RefundFailedError with Razorpay's reason when it refuses (a 4xx answer, or a failed refund), and
   * RefundOutcomeUnknownError when it cannot be reached or fails on its side: asking again with the
   * same key answers the refund if one was made. Called outside any database transaction.
   */
  async createRefund(req: RefundRequest): Promise<GatewayRefund> {
    let res: Response;
    try {
      res = await fetch(
        `${this.creds.apiBase.replace(/\/+$/, '')}/v1/payments/${encodeURIComponent(req.providerPaymentId)}/refund`,
        {
          method: 'POST',
          headers: {
            authorization: razorpayAuthorization(this.creds.keyId, this.creds.keySecret),
            'content-type': 'application/json',
            'x-refund-idempotency': req.idempotencyKey,
          },
          body: JSON.stringify({ amount: req.amountPaise, speed: 'normal', notes: req.notes, receipt: req.receipt }),
          signal: AbortSignal.timeout(15_000),
        },
      );
    } catch {
      throw new RefundOutcomeUnknownError();
    }
    if (res.status >= 500 || res.status === 409) throw new RefundOutcomeUnknownError();
    let body: { id?: unknown; amount?: unknown; status?: unknown; error?: { description?: unknown } };
    try {
      body = (await res.json()) as typeof body;
    } catch {
      throw new RefundOutcomeUnknownError();
    }
    if (!res.ok)
      throw new RefundFailedError(
        typeof body.error?.description === 'string' ? body.error.description : `Razorpay answered ${res.status}`,
      );
    if (body.status === 'failed') throw new RefundFailedError('Razorpay reports the refund failed');
    if (typeof body.id !== 'string' || body.amount !== req.amountPaise) throw new RefundOutcomeUnknownError();
    return { refundId: body.id, status: typeof body.status === 'string' ? body.status : 'pending' };
  }

  /**
   * Razorpay's own record of a payment (GET /v1/payments/:id): its order, amount in paise, currency
   * and status; null when Razorpay does not know it. Throws UNAVAILABLE when it cannot be asked.
   */
  async fetchPayment(providerPaymentId: string): Promise<ProviderPayment | null> {
    let body: { order_id?: unknown; amount?: unknown; currency?: unknown; status?: unknown };
    try {
      const res = await fetch(
        `${this.creds.apiBase.replace(/\/+$/, '')}/v1/payments/${encodeURIComponent(providerPaymentId)}`,
        {
          headers: { authorization: razorpayAuthorization(this.creds.keyId, this.creds.keySecret) },
          signal: AbortSignal.timeout(15_000),
        },
      );
      if (res.status === 404 || res.status === 400) return null;
      if (!res.ok) throw new Error(`Razorpay answered ${res.status}`);
      body = (await res.json()) as typeof body;
    } catch {
      throw new AppError('UNAVAILABLE', checkoutMessages.verificationFailed);
    }
    return {
      providerOrderId: typeof body.order_id === 'string' ? body.order_id : null,
      amountPaise: typeof body.amount === 'number' ? body.amount : null,
      currency: typeof body.currency === 'string' ? body.currency : null,
      status: typeof body.status === 'string' ? body.status : null,
    };
  }

  /** True when `signature` (the X-Razorpay-Signature header) signs the raw webhook body with the webhook secret. */
  verifyWebhook(rawBody: string, signature: string | undefined): boolean {
    if (!this.creds.webhookSecret || !signature) return false;
    const expected = createHmac('sha256', this.creds.webhookSecret).update(rawBody, 'utf8').digest('hex');
    return sameSignature(expected, signature);
  }
}

/**
 * A real authenticated call to Razorpay (its orders list, one item): true when it accepts the key
 * id and secret, false when it refuses them or cannot be reached within 10 s.
 */
export async function razorpayAcceptsKeys({
  apiBase,
  keyId,
  keySecret,
}: {
  apiBase: string;
  keyId: string;
  keySecret: string;
}): Promise<boolean> {
  try {
    const res = await fetch(`${apiBase.replace(/\/+$/, '')}/v1/orders?count=1`, {
      headers: { authorization: razorpayAuthorization(keyId, keySecret) },
      signal: AbortSignal.timeout(10_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}
